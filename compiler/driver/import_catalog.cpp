#include "driver/import_catalog.h"

#include <set>

#include "facts/catalog_entry.h"
#include "driver/load_spec.h"

namespace gpuspec::driver {

namespace {

prices_import::CatalogItem catalog_item(const ast::Declaration& decl) {
  prices_import::CatalogItem item;
  item.name = decl.name;
  item.kind = decl.kind;
  item.provider = facts::name_property(decl, "provider");
  item.api_name = facts::string_property(decl, "api_name");
  item.description = facts::string_property(decl, "description");
  item.regions = facts::string_list_property(decl, "regions");
  return item;
}

}  // namespace

std::optional<prices_import::Catalog> import_catalog(Session& session, const std::vector<std::string>& files,
                                                     DiagnosticEngine& diags, std::string& error) {
  const auto kinds = facts::priced_kinds();
  std::vector<prices_import::CatalogItem> items;
  std::set<std::string, std::less<>> named;
  auto add = [&](const ast::Declaration& decl) {
    if (kinds.count(decl.kind) && named.insert(decl.name).second) items.push_back(catalog_item(decl));
  };
  for (const auto& path : files) {
    auto spec = load_spec(session, path, diags, &error);
    if (!spec) return std::nullopt;
    if (!spec->clean) {
      error = "the --catalog file '" + path + "' has errors";
      return std::nullopt;
    }
    for (const auto* entry : spec->program.user_declarations()) add(*entry->decl);
  }
  for (const auto& [name, entry] : session.library().index().entries()) add(*entry.decl);
  return prices_import::Catalog(std::move(items));
}

}  // namespace gpuspec::driver
