#include "backends/probe/ipmitool_fru.h"

#include "backends/probe/text_scan.h"

namespace gpuspec::probe {

namespace {

bool names_power_supply(std::string_view description) {
  std::string d = lower(description);
  if (d.starts_with("psu") || d.find("power supply") != std::string::npos || d.find("pwr supply") != std::string::npos) {
    return true;
  }
  // "PS1", "PS 2": PS then a digit
  return d.size() > 2 && d.starts_with("ps") && ((d[2] >= '0' && d[2] <= '9') || (d[2] == ' ' && d.size() > 3 && d[3] >= '0' && d[3] <= '9'));
}

}  // namespace

std::optional<double> watts_in_name(std::string_view name) {
  std::optional<double> found;
  for (std::size_t i = 0; i < name.size(); ++i) {
    if (name[i] < '0' || name[i] > '9' || (i > 0 && name[i - 1] >= '0' && name[i - 1] <= '9')) continue;
    std::size_t j = i;
    while (j < name.size() && name[j] >= '0' && name[j] <= '9') ++j;
    bool letter_after_w = j + 1 < name.size() && ((name[j + 1] >= 'A' && name[j + 1] <= 'Z') || (name[j + 1] >= 'a' && name[j + 1] <= 'z'));
    bool letter_before = i > 0 && ((name[i - 1] >= 'A' && name[i - 1] <= 'Z') || (name[i - 1] >= 'a' && name[i - 1] <= 'z'));
    if (j < name.size() && (name[j] == 'W' || name[j] == 'w') && !letter_after_w && !letter_before) {
      auto w = parse_number(name.substr(i, j - i));
      if (!w || *w < 100 || *w > 20000) return std::nullopt;
      if (found) return std::nullopt;  // two ratings: neither is certain
      found = w;
    }
    i = j;
  }
  return found;
}

std::optional<std::vector<FruPowerSupply>> parse_ipmitool_fru(std::string_view text, std::string& error) {
  std::vector<FruPowerSupply> out;
  bool in_psu = false;
  bool any_fru = false;
  std::string board_product;
  for (auto line : lines_of(text, 200000)) {
    auto kv = key_value(line);
    if (kv && kv->first == "FRU Device Description") {
      any_fru = true;
      if (in_psu && out.back().product.empty()) out.back().product = board_product;
      board_product.clear();
      in_psu = names_power_supply(kv->second);
      if (in_psu) {
        if (out.size() == 256) {
          error = "too many power supplies";
          return std::nullopt;
        }
        out.push_back(FruPowerSupply{std::string(kv->second.substr(0, 80)), "", "", std::nullopt, true});
      }
      continue;
    }
    if (!in_psu) continue;
    std::string_view t = trim(line);
    if (t.starts_with("Device not present")) out.back().present = false;
    if (!kv) continue;
    if (kv->first == "Product Name") out.back().product = std::string(kv->second.substr(0, 80));
    else if (kv->first == "Board Product") board_product = std::string(kv->second.substr(0, 80));
    else if (kv->first == "Product Manufacturer" || (kv->first == "Board Mfg" && out.back().manufacturer.empty())) {
      out.back().manufacturer = std::string(kv->second.substr(0, 80));
    }
  }
  if (in_psu && out.back().product.empty()) out.back().product = board_product;
  if (!any_fru) {
    error = "no FRU Device Description records";
    return std::nullopt;
  }
  for (auto& psu : out) psu.rated_w = watts_in_name(psu.product);
  return out;
}

}  // namespace gpuspec::probe
