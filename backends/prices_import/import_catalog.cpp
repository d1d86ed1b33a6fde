#include "backends/prices_import/import_catalog.h"

#include <set>
#include <string>

#include "facts/catalog_entry.h"

namespace gpuspec::prices_import {

namespace {

CatalogItem catalog_item(const ast::Declaration& decl) {
  CatalogItem item;
  item.name = decl.name;
  item.kind = decl.kind;
  item.provider = facts::name_property(decl, "provider");
  item.api_name = facts::string_property(decl, "api_name");
  item.description = facts::string_property(decl, "description");
  item.regions = facts::string_list_property(decl, "regions");
  return item;
}

}  // namespace

Catalog import_catalog(const std::vector<const ast::Declaration*>& declarations) {
  const auto kinds = facts::priced_kinds();
  std::vector<CatalogItem> items;
  std::set<std::string, std::less<>> named;
  for (const auto* decl : declarations) {
    if (kinds.count(decl->kind) && named.insert(decl->name).second) items.push_back(catalog_item(*decl));
  }
  return Catalog(std::move(items));
}

}  // namespace gpuspec::prices_import
