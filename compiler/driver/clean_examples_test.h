// For driver tests: runs `test(path, spec)` on every example spec (examples/) that loads
// and checks without an error, and returns how many there were.
#pragma once

#include <filesystem>
#include <string>

#include "driver/load_spec.h"
#include "driver/session.h"

namespace gpuspec::driver {

template <class Test>
std::size_t for_each_clean_example(Session& session, Test&& test) {
  namespace fs = std::filesystem;
  std::size_t files = 0;
  for (const auto& entry : fs::recursive_directory_iterator(fs::path(GPUSPEC_SOURCE_DIR) / "examples")) {
    if (entry.path().extension() != ".gpuspec") continue;
    DiagnosticEngine load_diags;
    std::string io_error;
    auto spec = load_spec(session, entry.path().string(), load_diags, &io_error);
    if (!spec || !spec->clean) continue;
    ++files;
    test(entry.path().string(), *spec);
  }
  return files;
}

}  // namespace gpuspec::driver
