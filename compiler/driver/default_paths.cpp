#include "driver/default_paths.h"

namespace gpuspec::driver {

CollectedPaths collect_paths_or_current_folder(const std::vector<std::string>& paths) {
  if (!paths.empty()) return collect_spec_files(paths);
  CollectedPaths collected = collect_spec_files({"."});
  for (auto& file : collected.files) {
    if (file.rfind("./", 0) == 0) file.erase(0, 2);
  }
  return collected;
}

}  // namespace gpuspec::driver
