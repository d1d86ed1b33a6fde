// `gpuspec probe`: read a machine's tool outputs (here, or saved in a folder), and write
// the `.gpuspec` server declaration that describes it (docs/probe.md).
#pragma once

#include <optional>
#include <string>

#include "sema/program.h"

namespace gpuspec::probe {

struct ProbeRequest {
  std::optional<std::string> from_dir;  // --from DIR; else this machine
  std::optional<std::string> name;      // --name; else the host name or DIR's name
  std::string today;                    // YYYY-MM-DD
};

struct ProbeResult {
  std::string text;   // the spec
  std::string error;  // set when nothing could be probed (DIR cannot be opened, a bad --name)
};

ProbeResult run_probe(const ProbeRequest& request, const sema::Library& library);

}  // namespace gpuspec::probe
