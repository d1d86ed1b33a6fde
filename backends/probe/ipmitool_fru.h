// `ipmitool fru`: the BMC's field-replaceable units. Power supplies are the records
// whose description names one ("PSU1 (ID 3)", "PS2", "Power Supply 1"); their product
// name often states the rating ("PWR SPLY,750W,RDNT", "R2X0-PSU2-650W-SB").
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace gpuspec::probe {

struct FruPowerSupply {
  std::string description;  // "PSU1 (ID 3)"
  std::string product;      // Product Name, else Board Product
  std::string manufacturer;
  std::optional<double> rated_w;  // from the product name, when it states NNNW
  bool present = true;            // false for "Device not present"
};

std::optional<std::vector<FruPowerSupply>> parse_ipmitool_fru(std::string_view text, std::string& error);

// "PWR SPLY,750W,RDNT" -> 750; nullopt unless the name holds one number followed by W.
std::optional<double> watts_in_name(std::string_view name);

}  // namespace gpuspec::probe
