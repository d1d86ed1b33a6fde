// `nvidia-smi -q -x`: the driver's report of every GPU it drives. Schemas v10 to v13 name
// some elements differently (power_readings / gpu_power_readings); both are read. A
// value nvidia-smi reports as "N/A", or that does not parse, stays unknown.
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace gpuspec::probe {

struct NvidiaGpu {
  std::string product_name;         // "NVIDIA A100-SXM4-80GB"
  std::string brand;                // "NVIDIA", "GeForce", "Tesla", "NVIDIA RTX", "Quadro"
  std::string architecture;         // "Ampere", "Ada Lovelace"; empty before driver 510
  std::string bus_id;               // "00000000:01:00.0"
  std::optional<std::string> pci_id;  // "10de:20b2" (vendor:device, lower case), when well-formed
  std::optional<double> vram_mib;   // fb_memory_usage/total
  std::optional<double> default_power_limit_w;
  std::optional<double> max_power_limit_w;
  std::string ecc_mode;             // "Enabled", "Disabled", "N/A"
  std::string mig_mode;             // "Enabled", "Disabled", "N/A"
  std::optional<int> pcie_gen_max;  // the GPU's own maximum link generation
  std::optional<int> link_width_max;
  std::optional<std::string> compute_capability;  // newer schemas: "8.6"
};

struct NvidiaSmiReport {
  std::string timestamp;       // "Fri Aug  4 11:44:30 2023"
  std::string driver_version;  // "535.54.03" (as reported; the writer validates before use)
  std::string cuda_version;    // the newest CUDA the driver supports: "12.2"
  std::optional<int> attached_gpus;
  std::vector<NvidiaGpu> gpus;
};

// The report, or nullopt with `error` when the text is not an nvidia_smi_log document.
std::optional<NvidiaSmiReport> parse_nvidia_smi_query(std::string_view xml, std::string& error);

// "Fri Aug  4 11:44:30 2023" -> "2023-08-04"; nullopt when it is not that form.
std::optional<std::string> timestamp_date(std::string_view timestamp);

}  // namespace gpuspec::probe
