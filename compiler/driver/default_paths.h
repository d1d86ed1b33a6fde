// The spec files a command works on when PATH... may be left out (`check`, `fmt`):
// like TFLint and Checkov, no path means the current folder.
#pragma once

#include <string>
#include <vector>

#include "driver/session.h"

namespace gpuspec::driver {

// The files under `paths`, or under "." when `paths` is empty, named as the user
// would write them: "specs/a.gpuspec", not "./specs/a.gpuspec".
CollectedPaths collect_paths_or_current_folder(const std::vector<std::string>& paths);

}  // namespace gpuspec::driver
