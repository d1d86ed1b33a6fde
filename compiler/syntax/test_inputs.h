// For tests that run over many inputs (the lexer and parser differential tests, the
// formatter's fixpoint test): the committed .gpuspec files, and a failing input's
// bytes in a form that can be pasted back into a test. The test target defines
// GPUSPEC_SOURCE_DIR (the repository root).
#pragma once

#include <algorithm>
#include <cstdio>
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

// Escapes control and non-ASCII bytes (and the backslash) as \xNN.
inline std::string escaped_bytes(const std::string& text) {
  std::string out;
  for (unsigned char c : text) {
    if (c >= 0x20 && c < 0x7f && c != '\\') {
      out += static_cast<char>(c);
    } else {
      char buffer[8];
      std::snprintf(buffer, sizeof buffer, "\\x%02X", c);
      out += buffer;
    }
  }
  return out;
}

}  // namespace gpuspec::test_support
