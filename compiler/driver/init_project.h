// The files `gpuspec init` writes: a small project that checks clean and shows each
// piece a team needs (specs, config, a price book, a policy with its tests, CI).
#pragma once

#include <string_view>
#include <vector>

namespace gpuspec::driver {

struct ScaffoldFile {
  std::string_view path;  // relative to the project folder
  std::string_view text;
};

const std::vector<ScaffoldFile>& scaffold_files();

}  // namespace gpuspec::driver
