#include "backends/probe/lsblk.h"

#include "backends/probe/json_input.h"
#include "backends/probe/text_scan.h"

namespace gpuspec::probe {

namespace {

constexpr std::size_t kMaxDisks = 4096;

bool mounts_root(const nlohmann::json& device) {
  if (json_string(device, "mountpoint") == "/") return true;
  if (auto it = device.find("mountpoints"); it != device.end() && it->is_array()) {
    for (const auto& m : *it) {
      if (m.is_string() && m.get<std::string>() == "/") return true;
    }
  }
  return false;
}

bool root_below(const nlohmann::json& device, int depth) {
  if (depth > 16) return false;
  if (mounts_root(device)) return true;
  if (auto it = device.find("children"); it != device.end() && it->is_array()) {
    for (const auto& child : *it) {
      if (child.is_object() && root_below(child, depth + 1)) return true;
    }
  }
  return false;
}

}  // namespace

std::optional<BlockReport> parse_lsblk(std::string_view text, std::string& error) {
  auto json = parse_json(text, error);
  if (!json) return std::nullopt;
  auto devices = json->is_object() ? json->find("blockdevices") : json->end();
  if (!json->is_object() || devices == json->end() || !devices->is_array()) {
    error = "no \"blockdevices\" list";
    return std::nullopt;
  }
  BlockReport report;
  for (const auto& d : *devices) {
    if (!d.is_object() || json_string(d, "type") != "disk") continue;  // loop, rom, zram (type "disk"? see below)
    if (report.disks.size() == kMaxDisks) {
      error = "too many disks";
      return std::nullopt;
    }
    BlockDisk disk;
    disk.name = json_string(d, "name");
    if (disk.name.starts_with("zram") || disk.name.starts_with("nbd")) continue;  // memory and network devices
    disk.model = std::string(trim(json_string(d, "model")));
    disk.tran = json_string(d, "tran");
    disk.rotational = json_bool(d, "rota");
    disk.removable = json_bool(d, "rm").value_or(false) || json_bool(d, "hotplug").value_or(false);
    if (auto size = d.find("size"); size != d.end()) {
      if (size->is_number()) {
        double bytes = size->get<double>();
        if (bytes > 0 && bytes < 1e18) disk.size_bytes = bytes;
      } else if (size->is_string()) {
        if (auto n = parse_number(size->get<std::string>()); n && *n > 0 && *n < 1e18) disk.size_bytes = *n;
        else report.sizes_not_in_bytes = true;
      }
    }
    disk.holds_root = root_below(d, 0);
    report.disks.push_back(std::move(disk));
  }
  return report;
}

}  // namespace gpuspec::probe
