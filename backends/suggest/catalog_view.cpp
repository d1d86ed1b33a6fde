#include "backends/suggest/catalog_view.h"

#include "facts/compat_support.h"
#include "facts/properties.h"

namespace gpuspec::suggest {

std::optional<double> number(const sema::DeclEntry& entry, std::string_view property) {
  auto fact = facts::catalog_property(entry, property);
  if (!fact || fact->value.type != facts::Value::Type::Quantity) return std::nullopt;
  return fact->value.quantity.value;
}

std::string text(const sema::DeclEntry& entry, std::string_view property) {
  auto fact = facts::catalog_property(entry, property);
  if (!fact) return "";
  if (fact->value.type == facts::Value::Type::Symbol || fact->value.type == facts::Value::Type::String) {
    return fact->value.text;
  }
  if (fact->value.type == facts::Value::Type::Bool) return fact->value.boolean ? "true" : "false";
  return "";
}

std::vector<std::string> items(const sema::DeclEntry& entry, std::string_view property) {
  auto fact = facts::catalog_property(entry, property);
  if (!fact) return {};
  if (fact->value.type != facts::Value::Type::List) return facts::symbols_of(fact->value);
  std::vector<std::string> out;
  for (const auto& item : fact->value.items) out.push_back(item.text);
  return out;
}

std::optional<CountedPart> counted_part(const sema::Program& program, const sema::DeclEntry& entry,
                                        std::string_view property) {
  const ast::Property* p = facts::find_property(entry.decl->body, property);
  auto counted = p ? facts::counted_reference(program, *p->value) : std::nullopt;
  if (!counted || !counted->entry) return std::nullopt;
  return CountedPart{counted->count, counted->entry};
}

std::vector<CountedPart> counted_parts(const sema::Program& program, const sema::DeclEntry& entry,
                                       std::string_view property) {
  std::vector<CountedPart> out;
  const ast::Property* p = facts::find_property(entry.decl->body, property);
  const auto* list = p ? p->value->as<ast::ListExpr>() : nullptr;
  if (!list) return out;
  for (const auto& item : list->items) {
    auto counted = facts::counted_reference(program, *item);
    if (counted && counted->entry) out.push_back({counted->count, counted->entry});
  }
  return out;
}

CountedPart shipped_part(const sema::Program& program, const sema::DeclEntry& chassis, std::string_view kind) {
  CountedPart shipped{0, nullptr};
  for (const auto& part : counted_parts(program, chassis, "ships_with")) {
    if (part.entry->decl->kind == kind) shipped = part;
  }
  return shipped;
}

}  // namespace gpuspec::suggest
