// `lscpu -J`: {"lscpu": [{"field": "Model name:", "data": "...", "children": [...]}]},
// flat in util-linux 2.38 and nested in later versions; both are walked. Plain `lscpu`
// output ("Model name:   ...") is read too: util-linux before 2.30 has no -J.
#pragma once

#include <optional>
#include <string>

namespace gpuspec::probe {

struct CpuReport {
  std::string model_name;  // "AMD EPYC 7451 24-Core Processor"
  std::string vendor;      // "AuthenticAMD"
  std::string architecture;
  std::optional<int> sockets, cores_per_socket, threads_per_core, cpus;
  std::optional<double> max_mhz;
};

std::optional<CpuReport> parse_lscpu(std::string_view json, std::string& error);

}  // namespace gpuspec::probe
