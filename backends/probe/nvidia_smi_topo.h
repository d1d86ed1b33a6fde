// `nvidia-smi topo -m`: the matrix of how each pair of GPUs is connected — NV# (a bonded
// set of # NVLinks), or a PCIe path (PIX, PXB, PHB, NODE, SYS). Columns for NICs and
// the affinity columns are read past; terminal escapes some versions print are ignored.
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace gpuspec::probe {

struct GpuTopology {
  // links[i][j]: "X" on the diagonal, "NV18", "PIX", "SYS", ... between GPU i and GPU j.
  std::vector<std::vector<std::string>> links;
  std::size_t gpus() const { return links.size(); }
};

// What the matrix says about GPU-to-GPU links, for gpu_link.
struct LinkSummary {
  std::size_t pairs = 0;          // GPU pairs
  std::size_t nvlink_pairs = 0;   // of those, joined by NVLink
  int min_links = 0, max_links = 0;  // NV# over the NVLinked pairs
};
LinkSummary summarize(const GpuTopology& topology);

std::optional<GpuTopology> parse_nvidia_smi_topo(std::string_view text, std::string& error);

}  // namespace gpuspec::probe
