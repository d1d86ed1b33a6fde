#include "backends/probe/catalog_match.h"

#include <fmt/format.h>

#include <sstream>

#include "backends/probe/text_scan.h"
#include "facts/properties.h"

namespace gpuspec::probe {

std::optional<facts::Value> catalog_value(const sema::DeclEntry& entry, std::string_view name) {
  auto fact = facts::catalog_property(entry, name);
  if (!fact) return std::nullopt;
  return fact->value;
}

namespace {

std::string text_of(const sema::DeclEntry& entry, std::string_view name) {
  auto v = catalog_value(entry, name);
  return v && (v->type == facts::Value::Type::String || v->type == facts::Value::Type::Symbol) ? v->text : "";
}

bool lists_pci_id(const sema::DeclEntry& entry, std::string_view id) {
  auto ids = catalog_value(entry, "pci_ids");
  if (!ids || ids->type != facts::Value::Type::List) return false;
  for (const auto& item : ids->items) {
    if (lower(item.text) == id) return true;
  }
  return false;
}

bool same_name(std::string_view a, std::string_view b) {
  return !trim(a).empty() && lower(trim(a)) == lower(trim(b));
}

}  // namespace

const std::vector<const sema::DeclEntry*>& CatalogMatcher::entries(std::string_view kind) const {
  static const std::vector<const sema::DeclEntry*> kNone;
  const auto& by_kind = library_.by_kind();
  auto it = by_kind.find(kind);
  return it == by_kind.end() ? kNone : it->second;
}

std::optional<CatalogMatch> CatalogMatcher::gpu(const NvidiaGpu& gpu) const {
  if (gpu.pci_id) {
    for (const auto* entry : entries("gpu")) {
      if (lists_pci_id(*entry, *gpu.pci_id)) return CatalogMatch{entry, fmt::format("PCI id {}", *gpu.pci_id)};
    }
  }
  for (const auto* entry : entries("gpu")) {
    if (same_name(text_of(*entry, "description"), gpu.product_name)) {
      return CatalogMatch{entry, fmt::format("name \"{}\"", gpu.product_name)};
    }
  }
  return std::nullopt;
}

std::string cpu_model_key(std::string_view model_name) {
  std::string text = lower(model_name);
  for (std::string_view mark : {"(r)", "(tm)"}) {
    for (auto at = text.find(mark); at != std::string::npos; at = text.find(mark)) text.erase(at, mark.size());
  }
  if (auto at = text.find('@'); at != std::string::npos) text.erase(at);  // "@ 2.10GHz"
  std::istringstream words(text);
  std::vector<std::string> kept;
  for (std::string w; words >> w;) {
    if (w == "cpu" || w == "processor" || w == "gen") continue;
    // "24-core", "96-cores", "13th" (the generation before "gen")
    if (w.ends_with("-core") || w.ends_with("-cores")) continue;
    if (w.size() > 2 && (w.ends_with("th") || w.ends_with("nd") || w.ends_with("rd") || w.ends_with("st")) &&
        parse_number(std::string_view(w).substr(0, w.size() - 2))) {
      continue;
    }
    kept.push_back(w);
  }
  std::string key;
  for (const auto& w : kept) key += (key.empty() ? "" : " ") + w;
  return key;
}

std::optional<CatalogMatch> CatalogMatcher::cpu(const CpuReport& cpu) const {
  std::string key = cpu_model_key(cpu.model_name);
  if (key.empty()) return std::nullopt;
  for (const auto* entry : entries("cpu")) {
    if (cpu_model_key(text_of(*entry, "description")) == key) {
      return CatalogMatch{entry, fmt::format("model name \"{}\"", cpu.model_name)};
    }
  }
  return std::nullopt;
}

DimmShape dimm_shape(const Dimm& d) {
  DimmShape s;
  std::string type = lower(trim(d.type));
  if (type == "ddr4" || type == "ddr5") s.type = type;
  s.size_bytes = d.size_bytes;
  s.speed_mts = d.speed_mts;
  std::string detail = lower(d.type_detail);
  if (detail.find("lrdimm") != std::string::npos) s.form = "lrdimm";
  else if (detail.find("unbuffered") != std::string::npos || detail.find("unregistered") != std::string::npos) s.form = "udimm";
  else if (detail.find("registered") != std::string::npos) s.form = "rdimm";
  if (d.total_width && d.data_width) s.ecc = *d.total_width > *d.data_width;
  return s;
}

std::optional<CatalogMatch> CatalogMatcher::dimm(const DimmShape& d) const {
  if (d.type.empty() || !d.speed_mts || d.form.empty() || !d.ecc) return std::nullopt;  // every field must be seen
  for (const auto* entry : entries("memory")) {
    auto size = catalog_value(*entry, "size");
    auto speed = catalog_value(*entry, "speed");
    auto ecc = catalog_value(*entry, "ecc");
    if (text_of(*entry, "type") != d.type || text_of(*entry, "form") != d.form) continue;
    if (!size || size->quantity.value != d.size_bytes || !speed || speed->quantity.value != *d.speed_mts) continue;
    if (!ecc || ecc->type != facts::Value::Type::Bool || ecc->boolean != *d.ecc) continue;
    return CatalogMatch{entry, "type, size, speed, buffering and ECC"};
  }
  return std::nullopt;
}

std::optional<CatalogMatch> CatalogMatcher::nic(const IbAdapter& adapter) const {
  std::string id = adapter.pci_id();
  if (id.empty()) return std::nullopt;
  for (const auto* entry : entries("nic")) {
    if (lists_pci_id(*entry, id)) return CatalogMatch{entry, fmt::format("PCI id {} (CA type {})", id, adapter.ca_type)};
  }
  return std::nullopt;
}

}  // namespace gpuspec::probe
