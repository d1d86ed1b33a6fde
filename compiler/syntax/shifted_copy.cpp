#include "syntax/shifted_copy.h"

#include <type_traits>

#include "ast/walk.h"

namespace gpuspec::syntax {

namespace {

std::uint32_t moved(std::uint32_t offset, Shift s) { return static_cast<std::uint32_t>(offset + s.delta); }

SourceRange moved(SourceRange r, Shift s) {
  if (!r.valid()) return r;
  return {s.file, moved(r.begin, s), moved(r.end, s)};
}

ast::ExprPtr copy(const ast::ExprPtr& expr, Shift s);

std::vector<ast::ExprPtr> copy(const std::vector<ast::ExprPtr>& exprs, Shift s) {
  std::vector<ast::ExprPtr> out;
  out.reserve(exprs.size());
  for (const auto& e : exprs) out.push_back(copy(e, s));
  return out;
}

ast::ExprPtr copy(const ast::ExprPtr& expr, Shift s) {
  if (!expr) return nullptr;
  auto out = std::make_unique<ast::Expr>();
  out->range = moved(expr->range, s);
  // The node type named outside the lambda: clang 14 (the sanitizer build's compiler)
  // crashes on a return type that reads a captured variable, decltype(out->node).
  using Node = decltype(ast::Expr::node);
  out->node = std::visit(
      [&](const auto& node) -> Node {
        using T = std::decay_t<decltype(node)>;
        if constexpr (std::is_same_v<T, ast::QuantityLit>) {
          return ast::QuantityLit{node.number, node.unit, moved(node.unit_range, s)};
        } else if constexpr (std::is_same_v<T, ast::Multiplicity>) {
          return ast::Multiplicity{node.count, node.name, moved(node.count_range, s), moved(node.name_range, s)};
        } else if constexpr (std::is_same_v<T, ast::ListExpr>) {
          return ast::ListExpr{copy(node.items, s)};
        } else if constexpr (std::is_same_v<T, ast::UnaryExpr>) {
          return ast::UnaryExpr{node.op, copy(node.operand, s)};
        } else if constexpr (std::is_same_v<T, ast::BinaryExpr>) {
          return ast::BinaryExpr{node.op, copy(node.lhs, s), copy(node.rhs, s)};
        } else if constexpr (std::is_same_v<T, ast::CallExpr>) {
          return ast::CallExpr{node.callee, copy(node.args, s), moved(node.callee_begin, s), moved(node.callee_end, s)};
        } else if constexpr (std::is_same_v<T, ast::ParenExpr>) {
          return ast::ParenExpr{copy(node.inner, s)};
        } else {
          // Leaves without ranges or children: numbers, strings, names, versions.
          return node;
        }
      },
      expr->node);
  return out;
}

ast::Body copy(const ast::Body& body, Shift s);

ast::Item copy(const ast::Item& item, Shift s) {
  if (const auto* p = std::get_if<ast::Property>(&item)) {
    return ast::Property{p->key, copy(p->value, s), moved(p->key_range, s), moved(p->range, s)};
  }
  if (const auto* w = ast::waiver_of(item)) {
    return std::make_unique<ast::Waiver>(ast::Waiver{w->rule, moved(w->rule_range, s), w->reason,
                                                     moved(w->reason_range, s), w->until, moved(w->until_range, s),
                                                     moved(w->range, s)});
  }
  const auto& b = *std::get<std::unique_ptr<ast::Block>>(item);
  return std::make_unique<ast::Block>(ast::Block{b.key, moved(b.key_range, s), copy(b.body, s), moved(b.range, s)});
}

ast::Body copy(const ast::Body& body, Shift s) {
  ast::Body out;
  out.items.reserve(body.items.size());
  for (const auto& item : body.items) out.items.push_back(copy(item, s));
  out.range = moved(body.range, s);
  return out;
}

void shift(SourceRange& r, Shift s) { r = moved(r, s); }

void shift(ast::Body& body, Shift s);

void shift(ast::Expr& expr, Shift s) {
  shift(expr.range, s);
  if (auto* q = std::get_if<ast::QuantityLit>(&expr.node)) {
    shift(q->unit_range, s);
  } else if (auto* m = std::get_if<ast::Multiplicity>(&expr.node)) {
    shift(m->count_range, s);
    shift(m->name_range, s);
  } else if (auto* call = std::get_if<ast::CallExpr>(&expr.node)) {
    call->callee_begin = moved(call->callee_begin, s);
    call->callee_end = moved(call->callee_end, s);
  }
  // The walk hands out const children of a tree this function owns and may change.
  ast::for_each_child(expr, [&](const ast::Expr& child) { shift(const_cast<ast::Expr&>(child), s); });
}

void shift(ast::Body& body, Shift s) {
  shift(body.range, s);
  for (auto& item : body.items) {
    if (auto* p = std::get_if<ast::Property>(&item)) {
      shift(p->key_range, s);
      shift(p->range, s);
      if (p->value) shift(*p->value, s);
    } else if (auto* w = std::get_if<std::unique_ptr<ast::Waiver>>(&item)) {
      for (SourceRange* r : {&(*w)->rule_range, &(*w)->reason_range, &(*w)->until_range, &(*w)->range}) shift(*r, s);
    } else {
      auto& b = *std::get<std::unique_ptr<ast::Block>>(item);
      shift(b.key_range, s);
      shift(b.range, s);
      shift(b.body, s);
    }
  }
}

}  // namespace

void shift_in_place(ast::Declaration& d, Shift s) {
  for (SourceRange* r : {&d.kind_range, &d.name_range, &d.range}) shift(*r, s);
  shift(d.body, s);
}

void shift_in_place(ast::Import& import, Shift s) {
  shift(import.path_range, s);
  shift(import.range, s);
}

void shift_in_place(ast::Comment& comment, Shift s) { shift(comment.range, s); }

ast::Declaration shifted_copy(const ast::Declaration& d, Shift s) {
  return ast::Declaration{d.kind,
                          d.name,
                          copy(d.body, s),
                          moved(d.kind_range, s),
                          moved(d.name_range, s),
                          moved(d.range, s),
                          d.recovered};
}

ast::Import shifted_copy(const ast::Import& import, Shift s) {
  return ast::Import{import.path, moved(import.path_range, s), moved(import.range, s)};
}

ast::Comment shifted_copy(const ast::Comment& comment, Shift s) {
  return ast::Comment{comment.style, comment.text, moved(comment.range, s)};
}

}  // namespace gpuspec::syntax
