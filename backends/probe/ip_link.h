// `ip -d -j link`: the network interfaces. A physical adapter's port names its parent
// bus ("parentbus": "pci"); bridges, veths, bonds and tunnels carry "linkinfo"; the
// loopback is link_type "loopback". Interface names and addresses stay out of the spec.
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace gpuspec::probe {

struct NetInterface {
  std::string name;       // "eno1" (for comments only)
  std::string link_type;  // "ether", "infiniband"
  bool physical = false;  // on a PCI bus, not a virtual device
  bool up = false;        // operstate UP
};

std::optional<std::vector<NetInterface>> parse_ip_link(std::string_view json, std::string& error);

}  // namespace gpuspec::probe
