// Everything the probe read about one machine, each tool's output parsed, and a note
// for every output it could not read or understand ("not probed: dmidecode -t memory:
// needs root (...)"). Nothing here is matched or interpreted yet (catalog_match.h,
// spec_writer.h do that).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "backends/probe/dmidecode.h"
#include "backends/probe/ibstat.h"
#include "backends/probe/ip_link.h"
#include "backends/probe/ipmitool_fru.h"
#include "backends/probe/lsblk.h"
#include "backends/probe/lscpu.h"
#include "backends/probe/nvidia_smi_query.h"
#include "backends/probe/nvidia_smi_topo.h"
#include "backends/probe/nvme_list.h"
#include "backends/probe/os_release.h"
#include "backends/probe/sources.h"
#include "backends/probe/torch_version.h"

namespace gpuspec::probe {

struct Machine {
  std::string source;  // OutputSource::description()
  std::optional<NvidiaSmiReport> nvidia;
  bool nvidia_smi_missing = false;  // not installed: no NVIDIA driver, so no NVIDIA GPU is in use
  std::optional<GpuTopology> topology;
  std::optional<CpuReport> cpu;
  std::optional<double> mem_total_bytes;
  std::optional<MemoryReport> memory;
  std::optional<std::vector<PowerSupply>> dmi_psus;
  std::optional<std::vector<FruPowerSupply>> fru_psus;
  std::optional<BlockReport> disks;
  std::optional<std::vector<NvmeNamespace>> nvme;
  std::optional<std::vector<NetInterface>> links;
  std::optional<std::vector<IbAdapter>> infiniband;
  std::optional<OsRelease> os;
  std::optional<TorchVersion> torch;
  // One line each, without the "# ": "not probed: ibstat: not found on PATH".
  std::vector<std::string> notes;
};

Machine read_machine(OutputSource& source);

}  // namespace gpuspec::probe
