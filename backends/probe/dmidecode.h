// `dmidecode -t memory` (SMBIOS type 17, "Memory Device": one record per DIMM slot) and
// `dmidecode -t 39` (type 39, "System Power Supply"). Records are blank-line separated,
// each "Handle ..., DMI type N" then a title line and tab-indented "Key: Value" lines.
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace gpuspec::probe {

struct Dimm {
  std::string locator;         // "P1-DIMMA2"
  double size_bytes = 0;       // installed: > 0
  std::string type;            // "DDR4", "DDR5"
  std::optional<double> speed_mts;             // the module's rated speed
  std::optional<double> configured_speed_mts;  // what it runs at
  std::string form_factor;     // "DIMM", "SODIMM"
  std::string type_detail;     // "Synchronous Registered (Buffered)"
  std::optional<int> total_width, data_width;  // 72 / 64 bits: ECC
  std::string manufacturer, part_number;
};

struct MemoryReport {
  std::vector<Dimm> dimms;  // installed modules
  int empty_slots = 0;
  int slots = 0;
};

struct PowerSupply {
  std::string location;  // "PSU1"
  std::string model;     // "PWS-2K08A-1R"
  std::string manufacturer;
  std::optional<double> max_power_w;  // "Max Power Capacity: 2000 W"
  bool present = true;
};

std::optional<MemoryReport> parse_dmidecode_memory(std::string_view text, std::string& error);
std::optional<std::vector<PowerSupply>> parse_dmidecode_psu(std::string_view text, std::string& error);

}  // namespace gpuspec::probe
