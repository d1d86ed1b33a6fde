#include "backends/probe/nvme_list.h"

#include "backends/probe/json_input.h"
#include "backends/probe/text_scan.h"

namespace gpuspec::probe {

namespace {

constexpr std::size_t kMaxNamespaces = 4096;

std::string basename_of(std::string_view path) {
  auto slash = path.rfind('/');
  return std::string(slash == std::string_view::npos ? path : path.substr(slash + 1));
}

std::optional<double> size_of(const nlohmann::json& ns) {
  auto size = json_number(ns, "PhysicalSize");
  if (!size || *size <= 0) return std::nullopt;
  return size;
}

bool add(std::vector<NvmeNamespace>& out, NvmeNamespace ns, std::string& error) {
  if (out.size() == kMaxNamespaces) {
    error = "too many namespaces";
    return false;
  }
  out.push_back(std::move(ns));
  return true;
}

}  // namespace

std::optional<std::vector<NvmeNamespace>> parse_nvme_list(std::string_view text, std::string& error) {
  auto json = parse_json(text, error);
  if (!json) return std::nullopt;
  auto devices = json->is_object() ? json->find("Devices") : json->end();
  if (!json->is_object() || devices == json->end() || !devices->is_array()) {
    error = "no \"Devices\" list";
    return std::nullopt;
  }
  std::vector<NvmeNamespace> out;
  for (const auto& d : *devices) {
    if (!d.is_object()) continue;
    if (d.contains("DevicePath")) {  // nvme-cli 1.x
      NvmeNamespace ns{basename_of(json_string(d, "DevicePath")), std::string(trim(json_string(d, "ModelNumber"))),
                       size_of(d)};
      if (!add(out, std::move(ns), error)) return std::nullopt;
      continue;
    }
    auto subsystems = d.find("Subsystems");  // nvme-cli 2.x
    if (subsystems == d.end() || !subsystems->is_array()) continue;
    for (const auto& s : *subsystems) {
      auto controllers = s.is_object() ? s.find("Controllers") : s.end();
      if (!s.is_object() || controllers == s.end() || !controllers->is_array()) continue;
      for (const auto& c : *controllers) {
        if (!c.is_object()) continue;
        std::string model(trim(json_string(c, "ModelNumber")));
        auto namespaces = c.find("Namespaces");
        if (namespaces == c.end() || !namespaces->is_array()) continue;
        for (const auto& n : *namespaces) {
          NvmeNamespace ns{basename_of(json_string(n, "NameSpace")), model, size_of(n)};
          if (!add(out, std::move(ns), error)) return std::nullopt;
        }
      }
      // Namespaces listed at the subsystem level belong to its controllers' model.
      if (auto namespaces = s.find("Namespaces"); namespaces != s.end() && namespaces->is_array()) {
        std::string model = controllers->empty() ? "" : std::string(trim(json_string((*controllers)[0], "ModelNumber")));
        for (const auto& n : *namespaces) {
          NvmeNamespace ns{basename_of(json_string(n, "NameSpace")), model, size_of(n)};
          if (!add(out, std::move(ns), error)) return std::nullopt;
        }
      }
    }
  }
  return out;
}

}  // namespace gpuspec::probe
