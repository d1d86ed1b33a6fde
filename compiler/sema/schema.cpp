#include "sema/schema.h"

namespace gpuspec::sema {

Type number() { return {.kind = ValueKind::Number}; }
Type count() { return {.kind = ValueKind::Count}; }
Type positive_count() { return {.kind = ValueKind::Count, .min_count = 1}; }
Type quantity(units::Dimension dimension) { return {.kind = ValueKind::Quantity, .dimension = dimension}; }
Type percent() { return {.kind = ValueKind::Percent}; }
Type string() { return {.kind = ValueKind::String}; }
Type date() { return {.kind = ValueKind::Date}; }
Type date_or_undated() { return {.kind = ValueKind::Date, .undated_ok = true}; }
Type boolean() { return {.kind = ValueKind::Bool}; }
Type symbol(std::vector<std::string_view> allowed) { return {.kind = ValueKind::Symbol, .symbols = std::move(allowed)}; }
Type versioned(std::vector<std::string_view> allowed) {
  return {.kind = ValueKind::VersionedSymbol, .symbols = std::move(allowed)};
}
Type reference(std::vector<std::string_view> kinds) { return {.kind = ValueKind::Reference, .ref_kinds = std::move(kinds)}; }
Type multiplicity(std::vector<std::string_view> kinds) {
  return {.kind = ValueKind::Multiplicity, .ref_kinds = std::move(kinds)};
}
Type list_of(Type element) {
  Type t{.kind = ValueKind::List};
  t.element.push_back(std::move(element));
  return t;
}
Type range_of(Type element) {
  Type t{.kind = ValueKind::Range};
  t.element.push_back(std::move(element));
  return t;
}
Type block(const BlockSchema& schema) { return {.kind = ValueKind::Block, .block = &schema}; }
Type expression() { return {.kind = ValueKind::Expression}; }

const PropertySchema* BlockSchema::find(std::string_view property) const {
  for (const auto& p : properties) {
    if (p.name == property) return &p;
  }
  return nullptr;
}

std::vector<const KindSchema*> all_kinds() {
  std::vector<const KindSchema*> kinds;
  for (const auto& k : user_kinds()) kinds.push_back(&k);
  for (const auto& k : catalog_kinds()) kinds.push_back(&k);
  return kinds;
}

const KindSchema* find_kind(std::string_view kind) {
  for (const auto* k : all_kinds()) {
    if (k->kind == kind) return k;
  }
  return nullptr;
}

}  // namespace gpuspec::sema
