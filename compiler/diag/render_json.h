// Machine-readable diagnostics for `gpuspec check --format json`. The shape is a
// contract scripts depend on; "version" changes when it does.
//
// {"version": 1,
//  "diagnostics": [{"id", "severity", "message", "hint" (string|null), "file" (string|null),
//                   "range" ({"start": {"line", "column"}, "end": {...}}|null),
//                   "declaration" (string|null), "notes": [{"message", "file", "range"}],
//                   "fixits": [{"range", "replacement"}]           -- only when there are any
//                   "suppressed": {"kind": "waiver", "justification"} -- only when waived
//                  }],
//  "summary": {"files", "errors", "warnings", "infos"}}
//
// Lines and columns are 1-based; columns count Unicode code points. "end" is
// exclusive: it is the position just after the last character of the range.
// Suppressed diagnostics are listed but not counted in the summary.
#pragma once

#include <cstddef>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "diag/diagnostic.h"
#include "diag/diagnostic_counts.h"
#include "source/source.h"

namespace gpuspec {

inline constexpr int kDiagnosticsJsonVersion = 1;

// The document written as it goes, one diagnostic at a time: the bytes of a DOM's dump(2)
// (test/oracle/diagnostics_json_dom.h; for the diagnostics of every add_rendered() and
// the summary given to finish()), without a DOM of the whole run in memory.
class JsonDiagnosticsWriter {
 public:
  // Appends to `out`, which the caller writes in large pieces.
  explicit JsonDiagnosticsWriter(std::string& out) : out_(out) {}
  // The header ("version" and the opening of "diagnostics"); add_rendered() writes it
  // when it has not been written yet.
  void begin();
  // One diagnostic as append_diagnostic_json(..., 4) wrote it: `check` renders each
  // diagnostic when its file is done and writes it once its place in the order is known.
  void add_rendered(std::string_view diagnostic);
  // The summary and the closing brace (no final newline, as dump() has none). With no
  // add_rendered() at all, the diagnostics are an empty list.
  void finish(std::size_t file_count, const DiagnosticCounts& counts);

 private:
  std::string& out_;
  bool started_ = false;
  std::size_t written_ = 0;
};

// While one lives, append_diagnostic_json on this thread remembers the positions
// (line, column) of the ranges it wrote and writes a range it has written before without
// looking it up again: a file's findings point at the same few places over and over (a
// server's name and parts; in the bench corpus two thirds of the ranges a file's findings
// write were written before for that file). Open one around the rendering of a file's
// diagnostics, and close it before any text it read is freed or changed: it checks
// neither. Scopes nest; an inner one forgets what the outer one remembered.
class JsonPositionScope {
 public:
  JsonPositionScope();
  ~JsonPositionScope();
  JsonPositionScope(const JsonPositionScope&) = delete;
  JsonPositionScope& operator=(const JsonPositionScope&) = delete;
};

// Appends the bytes of one diagnostic's object as dump(2) writes it nested `depth`
// spaces deep (no leading indent, no final newline), without building a DOM.
void append_diagnostic_json(std::string& out, const Diagnostic& d, const SourceManager& sources, std::size_t depth);
// The size of the buffer append_diagnostic_json writes `d` into before appending it: the
// most bytes `d` can take, plus the bytes a write may store past its end. For tests: a
// bound too small would be a write past the buffer.
std::size_t diagnostic_json_bound(const Diagnostic& d, const SourceManager& sources, std::size_t depth);

// `dumped` (a dump(2)) as it reads nested `depth` spaces deep in a larger dump(2): every
// line after the first indented by `depth` (a JSON string never holds a raw line break).
void append_nested_json(std::string& out, std::string_view dumped, std::size_t depth);

}  // namespace gpuspec
