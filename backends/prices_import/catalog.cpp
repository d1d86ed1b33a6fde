// The catalog as an import sees it: cloud machines and volumes by provider and
// api_name, parts by name or by the vendor's own description.
#include <cctype>

#include "backends/prices_import/import_types.h"

namespace gpuspec::prices_import {

namespace {

// Case folded and runs of white space taken as one: how a quote may write a name.
std::string folded(std::string_view text) {
  std::string out;
  bool space = false;
  for (char c : text) {
    if (std::isspace(static_cast<unsigned char>(c))) {
      space = !out.empty();
      continue;
    }
    if (space) out += ' ';
    space = false;
    out += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  }
  return out;
}

bool is_cloud_machine(const CatalogItem& item) { return item.kind == "instance" || item.kind == "service"; }
bool is_part(const CatalogItem& item) {
  return item.provider.empty() && item.kind != "instance" && item.kind != "volume" && item.kind != "service";
}

}  // namespace

Catalog::Catalog(std::vector<CatalogItem> items) : items_(std::move(items)) {}

std::vector<const CatalogItem*> Catalog::machines(std::string_view provider, std::string_view api_name) const {
  std::vector<const CatalogItem*> out;
  for (const auto& item : items_) {
    if (is_cloud_machine(item) && item.provider == provider && item.api_name == api_name) out.push_back(&item);
  }
  return out;
}

std::vector<const CatalogItem*> Catalog::volumes(std::string_view provider, std::string_view api_name) const {
  std::vector<const CatalogItem*> out;
  for (const auto& item : items_) {
    if (item.kind == "volume" && item.provider == provider && item.api_name == api_name) out.push_back(&item);
  }
  return out;
}

Catalog::PartMatch Catalog::part(std::string_view text) const {
  PartMatch match;
  for (const auto& item : items_) {
    if (is_part(item) && item.name == text) {
      match.item = &item;
      return match;
    }
  }
  std::string wanted = folded(text);
  if (wanted.empty()) return match;
  for (const auto& item : items_) {
    if (is_part(item) && !item.description.empty() && folded(item.description) == wanted) match.ambiguous.push_back(&item);
  }
  if (match.ambiguous.size() == 1) {
    match.item = match.ambiguous.front();
    match.ambiguous.clear();
    match.by_description = true;
  }
  return match;
}

}  // namespace gpuspec::prices_import
