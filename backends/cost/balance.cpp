#include "backends/cost/balance.h"

#include <array>
#include <utility>

#include "eval/evaluator.h"
#include "eval/expr_text.h"

namespace gpuspec::cost {

namespace {

constexpr std::array<std::pair<const char*, const char*>, 3> kBalanceRules{{
    {"power.psu-1.5x-headroom", "PSU capacity that carries the load"},
    {"memory.ram-2x-vram", "system memory"},
    {"vram.fits-workload", "VRAM per GPU"},
}};

const ast::Expr& unwrap(const ast::Expr& e) {
  const auto* paren = e.as<ast::ParenExpr>();
  return paren ? unwrap(*paren->inner) : e;
}

}  // namespace

std::vector<Balance> balances(const facts::FactSet& facts, const lint::PolicySet& policies) {
  std::vector<Balance> out;
  for (const auto& [rule, label] : kBalanceRules) {
    const lint::Policy* policy = policies.find(rule);
    if (!policy || !policy->require) continue;
    const auto* cmp = unwrap(*policy->require).as<ast::BinaryExpr>();
    if (!cmp) continue;
    const ast::Expr* have = nullptr;
    const ast::Expr* need = nullptr;
    if (cmp->op == ast::BinaryOp::Ge || cmp->op == ast::BinaryOp::Gt) {
      have = cmp->lhs.get();
      need = cmp->rhs.get();
    } else if (cmp->op == ast::BinaryOp::Le || cmp->op == ast::BinaryOp::Lt) {
      have = cmp->rhs.get();
      need = cmp->lhs.get();
    } else {
      continue;
    }
    eval::Outcome h = eval::evaluate(*have, facts);
    eval::Outcome n = eval::evaluate(*need, facts);
    if (!h.is_known() || !n.is_known() || h.value.type != facts::Value::Type::Quantity ||
        n.value.type != facts::Value::Type::Quantity || !(h.value.quantity.dimension == n.value.quantity.dimension)) {
      continue;
    }
    out.push_back({rule, label, eval::expr_text(*need), h.value.quantity.value, n.value.quantity.value, h.display(),
                   n.display()});
  }
  return out;
}

}  // namespace gpuspec::cost
