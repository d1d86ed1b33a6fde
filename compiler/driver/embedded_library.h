// Adds embedded files to a library under the names every run gives them
// ("<stdlib>/gpus/nvidia.gpuspec", "<policies>/gpu.gpuspec"): one spelling for the
// session, the build's parse-snapshot generator and the snapshot's tests.
#pragma once

#include <span>
#include <string>
#include <string_view>

#include "diag/diagnostic.h"
#include "driver/embedded.h"
#include "sema/program.h"

namespace gpuspec::embedded {

inline void add_to_library(sema::Library& library, SourceManager& sources, DiagnosticEngine& diags,
                           std::span<const EmbeddedFile> files, std::string_view root) {
  for (const auto& file : files) {
    library.add_file(sources, diags, std::string(root) + "/" + std::string(file.path), std::string(file.text));
  }
}

}  // namespace gpuspec::embedded
