#include "sema/body_lookup.h"

namespace gpuspec::sema {

const ast::Property* body_property(const ast::Body& body, std::string_view key) {
  for (const auto& item : body.items) {
    if (const auto* p = std::get_if<ast::Property>(&item); p && p->key == key && p->value) return p;
  }
  return nullptr;
}

const ast::Block* body_block(const ast::Body& body, std::string_view key) {
  for (const auto& item : body.items) {
    if (const auto* b = std::get_if<std::unique_ptr<ast::Block>>(&item); b && (*b)->key == key) return b->get();
  }
  return nullptr;
}

const ast::Property* body_property(const ast::Body& body, std::string_view block, std::string_view key) {
  const ast::Block* b = body_block(body, block);
  return b ? body_property(b->body, key) : nullptr;
}

std::optional<std::string_view> symbol_value(const ast::Property* p) {
  if (!p || !p->value) return std::nullopt;
  if (const auto* n = p->value->as<ast::Name>()) return std::string_view(n->name);
  return std::nullopt;
}

std::optional<std::string_view> string_value(const ast::Property* p) {
  if (!p || !p->value) return std::nullopt;
  if (const auto* s = p->value->as<ast::StringLit>()) return std::string_view(s->value);
  return std::nullopt;
}

std::optional<double> number_value(const ast::Property* p) {
  if (!p || !p->value) return std::nullopt;
  if (const auto* n = p->value->as<ast::NumberLit>()) return n->value;
  if (const auto* c = p->value->as<ast::ScaledCountLit>()) return c->value;
  return std::nullopt;
}

}  // namespace gpuspec::sema
