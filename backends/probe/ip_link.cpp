#include "backends/probe/ip_link.h"

#include "backends/probe/json_input.h"

namespace gpuspec::probe {

std::optional<std::vector<NetInterface>> parse_ip_link(std::string_view text, std::string& error) {
  auto json = parse_json(text, error);
  if (!json) return std::nullopt;
  if (!json->is_array()) {
    error = "not a list of interfaces";
    return std::nullopt;
  }
  std::vector<NetInterface> out;
  for (const auto& link : *json) {
    if (!link.is_object()) continue;
    if (out.size() == 4096) {
      error = "too many interfaces";
      return std::nullopt;
    }
    NetInterface i;
    i.name = json_string(link, "ifname");
    i.link_type = json_string(link, "link_type");
    if (i.link_type == "loopback" || i.link_type == "none") continue;
    bool is_virtual = link.contains("linkinfo");
    i.physical = !is_virtual && !json_string(link, "parentbus").empty();
    i.up = json_string(link, "operstate") == "UP";
    out.push_back(std::move(i));
  }
  return out;
}

}  // namespace gpuspec::probe
