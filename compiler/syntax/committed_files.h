// For tests: every committed .gpuspec file under some of the repository's folders,
// sorted, as absolute paths. The test target defines GPUSPEC_SOURCE_DIR (the
// repository root). Shared by the lexer and parser differential tests and the
// formatter's fixpoint test, which all run over the same kind of file list.
#pragma once

#include <algorithm>
#include <filesystem>
#include <initializer_list>
#include <string>
#include <vector>

namespace gpuspec::test_support {

inline std::vector<std::string> committed_gpuspec_files(std::initializer_list<const char*> folders = {
                                                            "examples", "stdlib", "policies", "test"}) {
  std::vector<std::string> out;
  for (const char* folder : folders) {
    for (const auto& entry :
         std::filesystem::recursive_directory_iterator(std::filesystem::path(GPUSPEC_SOURCE_DIR) / folder)) {
      if (entry.is_regular_file() && entry.path().extension() == ".gpuspec") out.push_back(entry.path().string());
    }
  }
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace gpuspec::test_support
