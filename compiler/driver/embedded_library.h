// Adds embedded files to a library under the names every run gives them
// ("<stdlib>/gpus/nvidia.gpuspec", "<policies>/gpu.gpuspec"): one spelling for the
// session, the build's parse-snapshot generator and the snapshot's tests.
#pragma once

#include <span>
#include <string>
#include <string_view>

#include "diag/diagnostic.h"
#include "driver/embedded.h"
#include "lint/policy.h"
#include "sema/checker.h"
#include "sema/program.h"

namespace gpuspec::embedded {

inline void add_to_library(sema::Library& library, SourceManager& sources, DiagnosticEngine& diags,
                           std::span<const EmbeddedFile> files, std::string_view root) {
  for (const auto& file : files) {
    library.add_static_file(sources, diags, std::string(root) + "/" + std::string(file.path), file.text);
  }
}

// The embedded stdlib and policy pack, loaded and fully checked as a run with no snapshot
// would: the build's snapshot generator records whether this reports anything, and the
// snapshot's test checks that verdict against the same steps. Returns the pack, every
// policy checked and its reads collected (the generator stores them: lint/pack_reads.h).
inline lint::PolicySet load_and_check_library(sema::Library& library, SourceManager& sources, DiagnosticEngine& diags) {
  add_to_library(library, sources, diags, stdlib_files(), "<stdlib>");
  add_to_library(library, sources, diags, policy_files(), "<policies>");
  sema::check_library(library, diags);
  return lint::load_policies(library, {}, diags);
}

}  // namespace gpuspec::embedded
