// The import's report: what was imported and, by reason, what was skipped — as text
// (standard error) or JSON (`--format json`). Names and SKUs come from the inputs, so
// the text is made printable and the JSON is escaped by the JSON writer.
#pragma once

#include <optional>
#include <string>

#include "backends/prices_import/import_types.h"

namespace gpuspec::prices_import {

// `output` is the file written, or nullopt when the book went to standard output.
std::string report_text(Format format, const ImportResult& result, const std::optional<std::string>& output);
std::string report_json(Format format, const ImportResult& result, const std::optional<std::string>& output);

}  // namespace gpuspec::prices_import
