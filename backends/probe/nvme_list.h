// `nvme list -o json`: NVMe namespaces with the controller's model number and the exact
// size. nvme-cli 1.x lists {"Devices": [{"DevicePath", "ModelNumber", "PhysicalSize"}]};
// 2.x nests them as Devices[].Subsystems[].Controllers[] with Namespaces.
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace gpuspec::probe {

struct NvmeNamespace {
  std::string device;  // "nvme0n1" (the basename of DevicePath or NameSpace)
  std::string model;   // "SAMSUNG MZQL23T8HCLS-00A07"
  std::optional<double> size_bytes;
};

std::optional<std::vector<NvmeNamespace>> parse_nvme_list(std::string_view json, std::string& error);

}  // namespace gpuspec::probe
