#include "lint/bounds.h"

#include <algorithm>
#include <set>

#include "eval/compiled.h"
#include "eval/fact_schema.h"

namespace gpuspec::lint {

namespace {

using Relation = Bound::Relation;

const ast::Expr& unparen(const ast::Expr& expr) {
  if (const auto* paren = expr.as<ast::ParenExpr>()) return unparen(*paren->inner);
  return expr;
}

// `a and (b and c)` -> a, b, c (with `op` And; Or splits `a or b` alike).
void split(const ast::Expr& expr, ast::BinaryOp op, std::vector<const ast::Expr*>& out) {
  const ast::Expr& e = unparen(expr);
  if (const auto* binary = e.as<ast::BinaryExpr>(); binary && binary->op == op) {
    split(*binary->lhs, op, out);
    split(*binary->rhs, op, out);
    return;
  }
  out.push_back(&e);
}

// The fact a bare name is, or empty.
std::string fact_of(const ast::Expr& expr) {
  const auto* name = unparen(expr).as<ast::Name>();
  if (!name || !eval::FactSchema::builtin().find(name->name)) return {};
  return name->name;
}

// A constant's value in base units: the language's own evaluation over no facts, so
// units, percentages and constant arithmetic fold exactly as the rule reads them.
std::optional<double> constant_of(const ast::Expr& expr) {
  const facts::FactSet none("", "");
  eval::Outcome out = eval::CompiledExpr::compile(expr).evaluate(none);
  if (!out.is_known() || out.value.type != facts::Value::Type::Quantity) return std::nullopt;
  return out.value.quantity.value;
}

// The side a bound is made of: c, G, c * G or G * c.
struct Side {
  double factor = 1;
  std::string per;
};
std::optional<Side> side_of(const ast::Expr& expr) {
  if (std::string g = fact_of(expr); !g.empty()) return Side{1, g};
  if (auto c = constant_of(expr)) return Side{*c, {}};
  const auto* mul = unparen(expr).as<ast::BinaryExpr>();
  if (!mul || mul->op != ast::BinaryOp::Mul) return std::nullopt;
  for (auto [c_side, g_side] : {std::pair{mul->lhs.get(), mul->rhs.get()}, std::pair{mul->rhs.get(), mul->lhs.get()}}) {
    std::string g = fact_of(*g_side);
    auto c = constant_of(*c_side);
    if (!g.empty() && c) return Side{*c, g};
  }
  return std::nullopt;
}

// The symbol (or string) an operand of `==` is, or none.
std::optional<std::string> symbol_of(const ast::Expr& expr) {
  const ast::Expr& e = unparen(expr);
  if (const auto* s = e.as<ast::StringLit>()) return s->value;
  if (const auto* n = e.as<ast::Name>(); n && !eval::FactSchema::builtin().find(n->name)) return n->name;
  return std::nullopt;
}

std::optional<Relation> relation_of(ast::BinaryOp op) {
  switch (op) {
    case ast::BinaryOp::Ge: return Relation::AtLeast;
    case ast::BinaryOp::Gt: return Relation::Above;
    case ast::BinaryOp::Le: return Relation::AtMost;
    case ast::BinaryOp::Lt: return Relation::Below;
    default: return std::nullopt;
  }
}

// `c <= F` is `F >= c`.
Relation flipped(Relation r) {
  switch (r) {
    case Relation::AtLeast: return Relation::AtMost;
    case Relation::Above: return Relation::Below;
    case Relation::AtMost: return Relation::AtLeast;
    case Relation::Below: return Relation::Above;
    case Relation::Equals: return Relation::Equals;
  }
  return r;
}

// The bounds one part of a requirement puts on its facts.
void bounds_of(const ast::Expr& part, const Policy& policy, std::vector<Bound>& out) {
  const auto* binary = part.as<ast::BinaryExpr>();
  if (!binary) return;
  const std::string left = fact_of(*binary->lhs);
  const std::string right = fact_of(*binary->rhs);
  if (binary->op == ast::BinaryOp::Eq) {
    if (auto s = symbol_of(*binary->rhs); s && !left.empty()) out.push_back({&policy, left, Relation::Equals, 1, {}, *s});
    if (auto s = symbol_of(*binary->lhs); s && !right.empty()) out.push_back({&policy, right, Relation::Equals, 1, {}, *s});
    return;
  }
  auto relation = relation_of(binary->op);
  if (!relation) return;
  if (!left.empty()) {
    if (auto side = side_of(*binary->rhs)) out.push_back({&policy, left, *relation, side->factor, side->per, {}});
  }
  if (!right.empty()) {
    if (auto side = side_of(*binary->lhs)) out.push_back({&policy, right, flipped(*relation), side->factor, side->per, {}});
  }
}

// A choice of cases, `(F == s and ...) or (G == t and ...) or ...`: each case's parts other
// than its tests bound their facts in that case. A case without a test makes the choice
// bound nothing (no fact could tell that the requirement is another case's).
void case_bounds(const ast::Expr& part, const Policy& policy, std::vector<Bound>& out) {
  std::vector<const ast::Expr*> cases;
  split(part, ast::BinaryOp::Or, cases);
  if (cases.size() < 2) return;
  std::vector<std::vector<Bound>> tests(cases.size());
  std::vector<std::vector<const ast::Expr*>> parts(cases.size());
  for (std::size_t i = 0; i < cases.size(); ++i) {
    std::vector<const ast::Expr*> all;
    split(*cases[i], ast::BinaryOp::And, all);
    for (const auto* p : all) {
      std::vector<Bound> found;
      bounds_of(*p, policy, found);
      if (!found.empty() && found.front().relation == Relation::Equals) {
        tests[i].insert(tests[i].end(), found.begin(), found.end());
      } else {
        parts[i].push_back(p);
      }
    }
    if (tests[i].empty()) return;
  }
  auto as_tests = [](const std::vector<Bound>& equals) {
    std::vector<Bound::Test> out;
    for (const auto& b : equals) out.push_back({b.fact, b.symbol});
    return out;
  };
  for (std::size_t i = 0; i < cases.size(); ++i) {
    std::vector<Bound> found;
    for (const auto* p : parts[i]) bounds_of(*p, policy, found);
    for (auto& bound : found) {
      bound.case_tests = as_tests(tests[i]);
      for (std::size_t j = 0; j < cases.size(); ++j) {
        if (j != i) bound.other_cases.push_back(as_tests(tests[j]));
      }
      out.push_back(std::move(bound));
    }
  }
}

}  // namespace

bool rejects(const Policy& policy, const LintOptions& options) {
  if (options.disabled.count(policy.id)) return false;
  if (auto it = options.severities.find(policy.id); it != options.severities.end()) {
    return it->second == Severity::Error || it->second == Severity::Warning;
  }
  if (policy.severity != Severity::Error && policy.severity != Severity::Warning) return false;
  return std::none_of(policy.severity_when.begin(), policy.severity_when.end(),
                      [](const SeverityCondition& c) { return c.severity == Severity::Info; });
}

std::optional<double> Bound::value(const facts::FactSet& known) const {
  if (relation == Relation::Equals) return std::nullopt;
  if (per.empty()) return factor;
  auto g = known.quantity(per);
  if (!g) return std::nullopt;
  return factor * g->value;
}

bool Bound::in_case(const facts::FactSet& known) const {
  auto holds = [&](const Test& t) -> std::optional<bool> {
    auto value = known.symbol(t.fact);
    if (!value) return std::nullopt;
    return *value == t.symbol;
  };
  for (const Test& t : case_tests) {
    if (holds(t) != true) return false;
  }
  for (const auto& other : other_cases) {
    if (std::none_of(other.begin(), other.end(), [&](const Test& t) { return holds(t) == false; })) return false;
  }
  return true;
}

bool Bound::met(double x, double v) const {
  switch (relation) {
    case Relation::AtLeast: return x >= v;
    case Relation::Above: return x > v;
    case Relation::AtMost: return x <= v;
    case Relation::Below: return x < v;
    case Relation::Equals: return true;
  }
  return true;
}

Bounds::Bounds(const PolicySet& policies, const LintOptions& options, BoundsOf which) {
  for (const auto& policy : policies.policies()) {
    const ast::Expr* require = policy.syntax().require;
    if (!require || options.disabled.count(policy.id)) continue;
    if (rejects(policy, options) != (which == BoundsOf::Rejecting)) continue;
    std::vector<const ast::Expr*> parts;
    split(*require, ast::BinaryOp::And, parts);
    std::vector<Bound> found;
    for (const auto* part : parts) {
      bounds_of(*part, policy, found);
      case_bounds(*part, policy, found);
    }
    for (auto& bound : found) by_fact_[bound.fact].push_back(std::move(bound));
  }
}

std::vector<const Bound*> Bounds::on(std::string_view fact, std::string_view kind, const facts::FactSet& known) const {
  std::vector<const Bound*> out;
  auto it = by_fact_.find(fact);
  if (it == by_fact_.end()) return out;
  for (const auto& bound : it->second) {
    const Policy& p = *bound.policy;
    if (std::find(p.applies.begin(), p.applies.end(), kind) == p.applies.end()) continue;
    if (p.when_program && p.when_program->check(known).kind != eval::Check::Kind::True) continue;
    if (!bound.in_case(known)) continue;
    out.push_back(&bound);
  }
  return out;
}

std::optional<Need> tightest_lower(const std::vector<const Bound*>& bounds, const facts::FactSet& known) {
  std::optional<Need> best;
  for (const Bound* bound : bounds) {
    if (!bound->lower()) continue;
    auto v = bound->value(known);
    if (!v) continue;
    const bool strict_tie = best && *v == best->value && bound->relation == Relation::Above &&
                            best->bound->relation != Relation::Above;
    if (!best || *v > best->value || strict_tie) best = Need{*v, bound};
  }
  return best;
}

const Bound* first_broken(const std::vector<const Bound*>& bounds, const facts::FactSet& known, double x) {
  for (const Bound* bound : bounds) {
    if (bound->relation == Relation::Equals) continue;
    if (auto v = bound->value(known); v && !bound->met(x, *v)) return bound;
  }
  return nullptr;
}

const Bound* first_broken(const std::vector<const Bound*>& bounds, std::string_view text) {
  for (const Bound* bound : bounds) {
    if (bound->relation == Relation::Equals && !bound->met(text)) return bound;
  }
  return nullptr;
}

const Policy* rule_reading(const PolicySet& policies, std::string_view kind, std::span<const std::string_view> facts,
                           const LintOptions* running) {
  const Policy* best = nullptr;
  std::size_t best_reads = 0;
  for (std::size_t index : policies.indices_for(kind)) {
    const Policy& policy = policies.policies()[index];
    if (!policy.require_program || (running && !rejects(policy, *running))) continue;
    std::vector<facts::FactKey> keys;
    policy.require_program->collect_reads(keys);
    std::set<std::string_view> reads;
    for (const auto& key : keys) reads.insert(key.name);
    const bool all = std::all_of(facts.begin(), facts.end(), [&](std::string_view f) { return reads.count(f) > 0; });
    if (all && (!best || reads.size() < best_reads)) {
      best = &policy;
      best_reads = reads.size();
    }
  }
  return best;
}

bool violated(const Policy& policy, const facts::FactSet& facts) {
  return judge(policy, facts).verdict == eval::Verdict::Violated;
}

}  // namespace gpuspec::lint
