// The JSON document of `gpuspec check --format json` built as a DOM (nlohmann), apart
// from the hand-written writer of diag/render_json.cpp that `check` uses: render_json_test
// compares the writer's bytes with this DOM's dump(2). No production target links it.
#pragma once

#include <cstddef>
#include <vector>

#include <nlohmann/json.hpp>

#include "diag/diagnostic.h"
#include "source/source.h"

namespace gpuspec {

nlohmann::ordered_json diagnostics_to_json(const std::vector<Diagnostic>& diagnostics, const SourceManager& sources,
                                           std::size_t file_count);

}  // namespace gpuspec
