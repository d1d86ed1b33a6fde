#include "facts/catalog_entry.h"

#include <fmt/format.h>

#include "facts/fact_json.h"
#include "facts/properties.h"
#include "sema/schema.h"

namespace gpuspec::facts {

std::string string_property(const ast::Declaration& decl, std::string_view key) {
  const ast::Property* p = facts::find_property(decl.body, key);
  if (!p) return {};
  const auto* s = p->value->as<ast::StringLit>();
  return s ? s->value : std::string();
}

// A symbol or a reference: both are written as a bare name.
std::string name_property(const ast::Declaration& decl, std::string_view key) {
  const ast::Property* p = facts::find_property(decl.body, key);
  const auto* n = p ? p->value->as<ast::Name>() : nullptr;
  return n ? n->name : std::string();
}

std::vector<std::string> string_list_property(const ast::Declaration& decl, std::string_view key) {
  std::vector<std::string> out;
  const ast::Property* p = facts::find_property(decl.body, key);
  const auto* list = p ? p->value->as<ast::ListExpr>() : nullptr;
  if (!list) return out;
  for (const auto& item : list->items) {
    if (const auto* s = item->as<ast::StringLit>()) out.push_back(s->value);
  }
  return out;
}

// The kinds a `price` may name, straight from the price schema: one list to keep.
std::set<std::string, std::less<>> priced_kinds() {
  std::set<std::string, std::less<>> kinds;
  const auto* schema = sema::find_kind("price");
  const auto* item = schema ? schema->body.find("item") : nullptr;
  if (!item) return kinds;
  for (const auto& type : item->types) kinds.insert(type.ref_kinds.begin(), type.ref_kinds.end());
  return kinds;
}

bool is_verified(const ast::Declaration& decl) {
  const ast::Property* p = facts::find_property(decl.body, "verified");
  const auto* b = p ? p->value->as<ast::BoolLit>() : nullptr;
  return !b || b->value;
}

std::string property_text(const ast::Expr& expr) {
  if (const auto* m = expr.as<ast::Multiplicity>()) return fmt::format("{} x {}", m->count, m->name);
  if (auto value = facts::literal_value(expr)) return value->display();
  return "?";
}

nlohmann::ordered_json property_json(const ast::Expr& expr) {
  if (const auto* m = expr.as<ast::Multiplicity>()) return {{"count", m->count}, {"ref", m->name}};
  // A price's `low .. high`: both ends in the base unit, `value` the low end.
  if (const auto* b = expr.as<ast::BinaryExpr>(); b && b->op == ast::BinaryOp::Range) {
    auto low = property_json(*b->lhs);
    auto high = property_json(*b->rhs);
    if (!low.is_object() || !high.is_object() || !low.contains("value") || !high.contains("value")) return nullptr;
    return {{"value", low["value"]},
            {"low", low["value"]},
            {"high", high["value"]},
            {"unit", low["unit"]},
            {"text", fmt::format("{} .. {}", low["text"].get<std::string>(), high["text"].get<std::string>())}};
  }
  auto value = facts::literal_value(expr);
  if (!value) return nullptr;
  if (value->type != facts::Value::Type::Quantity || value->quantity.dimension.dimensionless()) {
    return facts::value_to_json(*value);
  }
  return {{"value", value->quantity.value},
          {"unit", units::base_unit_symbol(value->quantity.dimension, value->quantity.currency)},
          {"text", value->display()}};
}

}  // namespace gpuspec::facts
