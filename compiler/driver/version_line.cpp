#include <fmt/format.h>

#include "driver/version.h"

namespace gpuspec::driver {

std::string version_line() {
  if (commit().empty()) return fmt::format("gpuspec {} (commit unknown: not built from a git checkout)", version());
  return fmt::format("gpuspec {} (commit {})", version(), commit());
}

}  // namespace gpuspec::driver
