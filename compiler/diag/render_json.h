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
#include <vector>

#include <nlohmann/json.hpp>

#include "diag/diagnostic.h"
#include "source/source.h"

namespace gpuspec {

inline constexpr int kDiagnosticsJsonVersion = 1;

nlohmann::ordered_json diagnostics_to_json(const std::vector<Diagnostic>& diagnostics, const SourceManager& sources,
                                           std::size_t file_count);

}  // namespace gpuspec
