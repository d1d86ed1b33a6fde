// `gpuspec check --fix`: the fix-its of a run applied to the text of the files they
// belong to. Sema only attaches a fix-it when it is certain (sema/suggest.h,
// sema/unit_suggest.h), so every one is applied; embedded stdlib files never are.
#pragma once

#include <string>
#include <vector>

#include "backends/writers/atomic_write.h"
#include "diag/diagnostic.h"
#include "source/source.h"

namespace gpuspec::driver {

struct FixedFiles {
  std::vector<writers::OutputFile> files;  // new contents, by path, in path order
  std::size_t applied = 0;
  std::size_t skipped = 0;  // overlapping another fix-it in the same place: left for the next run
};

// One run may span several source managers (one per config group); a file checked
// in two of them gets each distinct fix-it once.
struct DiagnosticsOf {
  const std::vector<Diagnostic>* diagnostics;
  const SourceManager* sources;
};
FixedFiles apply_fixits(const std::vector<DiagnosticsOf>& runs);

}  // namespace gpuspec::driver
