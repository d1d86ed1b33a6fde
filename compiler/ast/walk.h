// Walking expressions: for the passes that look for one kind of node (names, facts) and
// recurse through the rest, without each spelling out every node that has children.
#pragma once

#include "ast/ast.h"

namespace gpuspec::ast {

// Calls `visit` on each direct subexpression of `expr`: a list's items, an operator's
// operands, a call's arguments, what a parenthesis holds.
template <typename Visit>
void for_each_child(const Expr& expr, Visit&& visit) {
  if (const auto* list = expr.as<ListExpr>()) {
    for (const auto& item : list->items) visit(*item);
  } else if (const auto* unary = expr.as<UnaryExpr>()) {
    visit(*unary->operand);
  } else if (const auto* binary = expr.as<BinaryExpr>()) {
    visit(*binary->lhs);
    visit(*binary->rhs);
  } else if (const auto* call = expr.as<CallExpr>()) {
    for (const auto& arg : call->args) visit(*arg);
  } else if (const auto* paren = expr.as<ParenExpr>()) {
    visit(*paren->inner);
  }
}

}  // namespace gpuspec::ast
