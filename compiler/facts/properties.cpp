#include "facts/properties.h"

#include "facts/fact_memo.h"
#include "sema/value_check.h"

namespace gpuspec::facts {

namespace {

const ast::Body* descend(const ast::Body& body, std::string_view& path) {
  const ast::Body* at = &body;
  while (true) {
    auto dot = path.find('.');
    if (dot == std::string_view::npos) return at;
    std::string_view head = path.substr(0, dot);
    const ast::Body* next = nullptr;
    for (const auto& item : at->items) {
      if (const auto* block = std::get_if<std::unique_ptr<ast::Block>>(&item); block && (*block)->key == head) {
        next = &(*block)->body;
      }
    }
    if (!next) return nullptr;
    at = next;
    path.remove_prefix(dot + 1);
  }
}

}  // namespace

const ast::Property* find_property(const ast::Body& body, std::string_view path) {
  note_body_read(body, path);
  const ast::Body* at = descend(body, path);
  if (!at) return nullptr;
  for (const auto& item : at->items) {
    if (const auto* p = std::get_if<ast::Property>(&item); p && p->key == path) return p;
  }
  return nullptr;
}

const ast::Block* find_block(const ast::Body& body, std::string_view path) {
  note_body_read(body, path);
  const ast::Body* at = descend(body, path);
  if (!at) return nullptr;
  for (const auto& item : at->items) {
    if (const auto* b = std::get_if<std::unique_ptr<ast::Block>>(&item); b && (*b)->key == path) return b->get();
  }
  return nullptr;
}

std::optional<Value> literal_value(const ast::Expr& expr) {
  if (const auto* p = expr.as<ast::ParenExpr>()) return literal_value(*p->inner);
  if (const auto* n = expr.as<ast::NumberLit>()) return Value::number(n->value);
  if (const auto* n = expr.as<ast::ScaledCountLit>()) return Value::number(n->value);
  if (const auto* n = expr.as<ast::PercentLit>()) return Value::number(n->value);
  if (const auto* q = expr.as<ast::QuantityLit>()) {
    auto quantity = sema::resolve_quantity(*q, expr.range, nullptr);
    if (!quantity) return std::nullopt;
    return Value::of(*quantity);
  }
  if (const auto* s = expr.as<ast::StringLit>()) return Value::string(s->value);
  if (const auto* b = expr.as<ast::BoolLit>()) return Value::flag(b->value);
  if (const auto* n = expr.as<ast::Name>()) return Value::symbol(n->name);
  if (const auto* v = expr.as<ast::VersionedSymbol>()) return Value::symbol(v->name + "@" + v->version);
  if (const auto* u = expr.as<ast::UnaryExpr>(); u && u->op == ast::UnaryOp::Negate) {
    auto inner = literal_value(*u->operand);
    if (!inner || inner->type != Value::Type::Quantity) return std::nullopt;
    inner->quantity.value = -inner->quantity.value;
    return inner;
  }
  if (const auto* l = expr.as<ast::ListExpr>()) {
    std::vector<Value> items;
    for (const auto& item : l->items) {
      auto v = literal_value(*item);
      if (!v) return std::nullopt;
      items.push_back(std::move(*v));
    }
    return Value::list(std::move(items));
  }
  return std::nullopt;
}

std::optional<Counted> counted_reference(const sema::Program& program, const ast::Expr& expr) {
  if (const auto* m = expr.as<ast::Multiplicity>()) {
    const auto* entry = program.find(m->name);
    if (!entry) return std::nullopt;
    return Counted{m->count, entry, expr.range};
  }
  if (const auto* n = expr.as<ast::Name>()) {
    const auto* entry = program.find(n->name);
    if (!entry) return std::nullopt;
    return Counted{1, entry, expr.range};
  }
  return std::nullopt;
}

std::string served_workload(const ast::Declaration& deployment) {
  const ast::Property* p = find_property(deployment.body, "serves");
  if (!p) return "";
  const ast::Expr* first = p->value.get();
  if (const auto* list = first->as<ast::ListExpr>()) first = list->items.empty() ? nullptr : list->items.front().get();
  const auto* name = first ? first->as<ast::Name>() : nullptr;
  return name ? name->name : "";
}

std::optional<CatalogFact> catalog_property(const sema::DeclEntry& entry, std::string_view property) {
  const CatalogFact* fact = catalog_fact(entry, property);
  if (!fact) return std::nullopt;
  return *fact;
}

}  // namespace gpuspec::facts
