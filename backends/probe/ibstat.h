// `ibstat`: each InfiniBand/RoCE adapter (CA) with its type ("MT4123": the PCI device id
// 0x101b in decimal) and each port's state, rate (Gb/s) and link layer.
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace gpuspec::probe {

struct IbPort {
  std::string state;       // "Active", "Down"
  std::optional<double> rate_gbps;
  std::string link_layer;  // "InfiniBand", "Ethernet"
};

struct IbAdapter {
  std::string name;     // "mlx5_0"
  std::string ca_type;  // "MT4123"
  std::vector<IbPort> ports;
  // "15b3:101b" from a Mellanox "MT<decimal device id>" CA type, else empty.
  std::string pci_id() const;
};

std::optional<std::vector<IbAdapter>> parse_ibstat(std::string_view text, std::string& error);

}  // namespace gpuspec::probe
