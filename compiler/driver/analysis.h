// The front half every command shares: load a root file with its imports, check it,
// and lint it. Commands that emit artefacts (terraform, bom, quote) call this first
// and refuse to emit when it reports errors (unless --force).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "diag/diagnostic.h"
#include "driver/session.h"
#include "lint/lint.h"
#include "sema/program.h"

namespace gpuspec::driver {

struct AnalysisOptions {
  bool lint = true;
  lint::LintOptions lint_options;
  std::vector<std::string> price_paths;  // --prices FILE: user price books for cost.* facts
  lint::FactAugmenter augment;           // extra facts on top of the model and the cost backend's
};

// Returns nullopt when the file or a --prices file cannot be read; `io_error` is then
// the whole message ("cannot read 'x.gpuspec': Permission denied").
std::optional<sema::Program> analyze_file(Session& session, const std::string& path, const AnalysisOptions& options,
                                          DiagnosticEngine& diags, std::string* io_error);

// The same for a file whose text is given (an editor's buffer; imports are read
// from disk). Returns nullopt only when a --prices file cannot be read.
std::optional<sema::Program> analyze_text(Session& session, const std::string& path, std::string text,
                                          const AnalysisOptions& options, DiagnosticEngine& diags, std::string* io_error);

}  // namespace gpuspec::driver
