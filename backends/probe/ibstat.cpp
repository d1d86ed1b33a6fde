#include "backends/probe/ibstat.h"

#include <fmt/format.h>

#include "backends/probe/text_scan.h"

namespace gpuspec::probe {

std::string IbAdapter::pci_id() const {
  if (ca_type.size() < 3 || ca_type.substr(0, 2) != "MT") return "";
  auto n = parse_number(std::string_view(ca_type).substr(2));
  if (!n || *n < 1 || *n > 0xFFFF || *n != static_cast<int>(*n)) return "";
  return fmt::format("15b3:{:04x}", static_cast<int>(*n));
}

std::optional<std::vector<IbAdapter>> parse_ibstat(std::string_view text, std::string& error) {
  std::vector<IbAdapter> out;
  IbPort* port = nullptr;
  for (auto line : lines_of(text, 100000)) {
    std::string_view t = trim(line);
    if (t.starts_with("CA '") && t.size() > 5 && t.back() == '\'') {
      if (out.size() == 256) {
        error = "too many adapters";
        return std::nullopt;
      }
      out.push_back(IbAdapter{std::string(t.substr(4, t.size() - 5)), "", {}});
      port = nullptr;
      continue;
    }
    if (out.empty()) continue;
    if (t.starts_with("Port ") && t.back() == ':' && parse_number(t.substr(5, t.size() - 6))) {
      if (out.back().ports.size() == 64) continue;
      out.back().ports.push_back(IbPort{});
      port = &out.back().ports.back();
      continue;
    }
    auto kv = key_value(t);
    if (!kv) continue;
    if (kv->first == "CA type") out.back().ca_type = std::string(kv->second.substr(0, 40));
    if (!port) continue;
    if (kv->first == "State") port->state = std::string(kv->second.substr(0, 40));
    else if (kv->first == "Rate") port->rate_gbps = parse_number(kv->second);
    else if (kv->first == "Link layer") port->link_layer = std::string(kv->second.substr(0, 40));
  }
  if (out.empty()) {
    error = "no CA";
    return std::nullopt;
  }
  return out;
}

}  // namespace gpuspec::probe
