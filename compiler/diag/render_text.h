// Human-readable diagnostics in clang's layout:
//
//   examples/bad/x.gpuspec:3:12: error[unknown-unit]: unknown unit 'GBs'
//       3 |   memory = 256 GBs
//         |                ^~~
//         fix-it: replace with 'GB'
//         = note: units are case-sensitive
//         help: did you mean 'GB'?
//   examples/bad/x.gpuspec:1:8: note: declared here
//       1 | import "units"
//         |        ^~~~~~~
//
// Order under a diagnostic: snippet, fix-its, notes without a location, help,
// then notes with a location. Located notes come last because each starts with
// its own "path:line:col: note:" header, and anything printed after it would read
// as belonging to the note rather than to the diagnostic.
#pragma once

#include <string>
#include <vector>

#include "diag/diagnostic.h"
#include "diag/diagnostic_counts.h"
#include "source/source.h"

namespace gpuspec {

struct TextRenderOptions {
  bool color = false;            // ANSI colours as clang uses them; see should_use_color
  bool show_suppressed = false;  // also print waived findings, marked with a note
};

// Every line ends in "\n". A diagnostic without a valid range is printed as
// "gpuspec: error[id]: message". The declaration name is not printed.
std::string render_text(const std::vector<Diagnostic>& diagnostics, const SourceManager& sources,
                        const TextRenderOptions& options);

// What render_text writes for one diagnostic (nothing for a waived one unless
// show_suppressed), appended to `out`: diagnostics are independent of each other.
void append_text_diagnostic(std::string& out, const Diagnostic& d, const SourceManager& sources,
                            const TextRenderOptions& options);

// The closing line, listing non-zero counts in the order errors, warnings, infos:
//   "1 error generated.", "2 errors and 1 warning generated.",
//   "1 error, 2 warnings and 3 infos generated."
// Empty (no line at all) when every count is zero, as clang prints nothing then.
std::string render_summary(const DiagnosticCounts& counts);

// Colour only for an interactive terminal: false when NO_COLOR is set to a
// non-empty value (no-color.org: "when present and not an empty string,
// regardless of its value"), when --no-color was given, when TERM is "dumb", or
// when fd is not a tty.
bool should_use_color(int fd, bool no_color_flag);

}  // namespace gpuspec
