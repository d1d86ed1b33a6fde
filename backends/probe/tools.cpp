#include "backends/probe/tools.h"

#include <array>

namespace gpuspec::probe {

namespace {

constexpr std::size_t kKiB = 1024;
constexpr std::size_t kMiB = 1024 * kKiB;

// Sizes are generous for the largest machines (nvidia-smi -q -x of 8 GPUs with MIG is
// ~0.5 MiB; lsblk -O of hundreds of disks a few MiB) and small enough to parse at once.
const std::array<ToolSpec, 13>& table() {
  static const std::array<ToolSpec, 13> kTools{{
      {Tool::NvidiaSmiQuery, "nvidia-smi-q.xml", "nvidia-smi -q -x", {"nvidia-smi", "-q", "-x"}, "", false, 16 * kMiB, 30000},
      {Tool::NvidiaSmiTopo, "nvidia-smi-topo.txt", "nvidia-smi topo -m", {"nvidia-smi", "topo", "-m"}, "", false, kMiB, 30000},
      {Tool::Lscpu, "lscpu.json", "lscpu -J", {"lscpu", "-J"}, "", false, kMiB, 10000},
      {Tool::Meminfo, "meminfo", "/proc/meminfo", {}, "/proc/meminfo", false, 64 * kKiB, 0},
      {Tool::DmidecodeMemory, "dmidecode-memory.txt", "dmidecode -t memory", {"dmidecode", "-t", "memory"}, "", true, 4 * kMiB, 10000},
      {Tool::DmidecodePsu, "dmidecode-psu.txt", "dmidecode -t 39", {"dmidecode", "-t", "39"}, "", true, kMiB, 10000},
      {Tool::Lsblk, "lsblk.json", "lsblk -J -O -b", {"lsblk", "-J", "-O", "-b"}, "", false, 8 * kMiB, 10000},
      {Tool::NvmeList, "nvme-list.json", "nvme list -o json", {"nvme", "list", "-o", "json"}, "", false, 4 * kMiB, 10000},
      {Tool::IpLink, "ip-link.json", "ip -d -j link", {"ip", "-d", "-j", "link"}, "", false, 4 * kMiB, 10000},
      {Tool::Ibstat, "ibstat.txt", "ibstat", {"ibstat"}, "", false, kMiB, 10000},
      {Tool::IpmitoolFru, "ipmitool-fru.txt", "ipmitool fru", {"ipmitool", "fru"}, "", true, kMiB, 30000},
      {Tool::OsRelease, "os-release", "/etc/os-release", {}, "/etc/os-release", false, 64 * kKiB, 0},
      {Tool::Torch,
       "torch.txt",
       "python3 -c 'import torch'",
       {"python3", "-c", "import torch; print(torch.__version__, torch.version.cuda)"},
       "",
       false,
       64 * kKiB,
       60000},
  }};
  return kTools;
}

}  // namespace

std::span<const ToolSpec> tools() { return table(); }

const ToolSpec& spec_of(Tool tool) {
  for (const auto& spec : table()) {
    if (spec.tool == tool) return spec;
  }
  return table().front();  // unreachable: every Tool has a row
}

std::string_view status_reason(ToolOutput::Status status) {
  switch (status) {
    case ToolOutput::Status::Ok: return "read";
    case ToolOutput::Status::NotSaved: return "not in the folder";
    case ToolOutput::Status::NotFound: return "not found on PATH";
    case ToolOutput::Status::NeedsRoot: return "needs root";
    case ToolOutput::Status::Failed: return "failed";
    case ToolOutput::Status::TimedOut: return "timed out";
    case ToolOutput::Status::TooLarge: return "output too large";
  }
  return "failed";
}

}  // namespace gpuspec::probe
