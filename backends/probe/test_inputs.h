// The probe's unit tests read the real captures committed for the lit tests
// (test/lit/probe/Inputs/*/SOURCE.md says where each came from).
#pragma once

#include <fstream>
#include <sstream>
#include <string>

namespace gpuspec::probe::testing {

inline std::string read_input(const std::string& relative) {
  std::ifstream in(std::string(GPUSPEC_SOURCE_DIR) + "/test/lit/probe/Inputs/" + relative, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

}  // namespace gpuspec::probe::testing
