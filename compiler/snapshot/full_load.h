// For the snapshot's tests: the pack loaded the way the build's generator loads it,
// every policy checked and compiled from its declaration, its reads collected at load.
#pragma once

#include "diag/diagnostic.h"
#include "driver/embedded_library.h"
#include "lint/policy.h"
#include "sema/program.h"

namespace gpuspec::snapshot {

struct FullLoad {
  SourceManager sources;
  DiagnosticEngine diags;
  sema::Library library;
  lint::PolicySet pack = embedded::load_and_check_library(library, sources, diags);
};

}  // namespace gpuspec::snapshot
