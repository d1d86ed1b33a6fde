// Runs one command of the live probe: found on PATH and executed directly (never a
// shell, so nothing in an argument or the environment is interpreted), stdin from
// /dev/null, in the C locale, in its own process group that is killed whole when it
// outlives its timeout or writes more than its limit. Nothing it prints is trusted: the
// caller gets bytes, or a status saying why there are none.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "backends/probe/tools.h"

namespace gpuspec::probe {

struct CommandLimits {
  int timeout_ms = 10000;
  std::size_t max_bytes = 1024 * 1024;  // of standard output; more is TooLarge
};

ToolOutput run_command(const std::vector<std::string>& argv, const CommandLimits& limits);

}  // namespace gpuspec::probe
