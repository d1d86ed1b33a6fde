#include "eval/checker.h"

#include <fmt/format.h>

#include <algorithm>

#include "eval/eval_errors.h"
#include "eval/expr_text.h"
#include "sema/suggest.h"
#include "units/quantity.h"

namespace gpuspec::eval {

namespace {

using Kind = FactType::Kind;

// What a sub-expression is, statically. A `literal` is a name that is no fact: it may
// only stand where a symbol can (its parent decides), and is reported otherwise.
struct T {
  FactType type;
  bool error = false;
  bool literal = false;
  std::string name;  // the literal, or the fact name
  SourceRange range;
  // The expression, spelled out (text_of) only when a message needs it: loading the
  // pack checks ~400 expressions and used to format each one.
  const ast::Expr* expr = nullptr;
};

std::string text_of(const T& t) { return t.expr ? expr_text(*t.expr) : std::string(); }

T failed() {
  T t;
  t.error = true;
  return t;
}

std::string join(const std::vector<std::string_view>& words) {
  std::string out;
  for (std::size_t i = 0; i < words.size(); ++i) out += (i ? ", " : "") + std::string(words[i]);
  return out;
}

class Checker {
 public:
  Checker(const FactSchema& schema, DiagnosticEngine& diags) : schema_(schema), diags_(diags) {}

  T check(const ast::Expr& e, bool symbol_ok) {
    T t = check_node(e, symbol_ok);
    t.range = e.range;
    t.expr = &e;
    if (t.literal && !symbol_ok) {
      unknown_fact(t);
      return failed();
    }
    return t;
  }

  // A literal standing where no symbol-valued fact gives it meaning: an unknown fact.
  void unknown_fact(const T& t) {
    auto& d = diags_.error("unknown-fact", t.range, fmt::format("unknown fact '{}'", t.name));
    if (auto near = sema::nearest(t.name, schema_.names())) {
      d.hint = fmt::format("did you mean '{}'?", *near);
      d.fixits.push_back({t.range, *near});
    }
  }

  Diagnostic& type_mismatch(SourceRange range, std::string message) {
    return diags_.error("type-mismatch", range, std::move(message));
  }

  void unit_mismatch(SourceRange range, std::string message, const T& a, const T& b) {
    auto& d = diags_.error("unit-mismatch", range, std::move(message));
    d.notes.push_back({fmt::format("'{}' is {}", text_of(a), type_name(a.type)), a.range});
    d.notes.push_back({fmt::format("'{}' is {}", text_of(b), type_name(b.type)), b.range});
  }

  // `literal` compared with a value of type `fact` (a symbol-valued fact, usually).
  bool symbol_against(const T& fact, const T& literal) {
    if (fact.type.kind == Kind::Any) return true;
    if (fact.type.kind != Kind::Symbol) {
      unknown_fact(literal);
      return false;
    }
    const auto& allowed = fact.type.symbols;
    if (allowed.empty() || std::find(allowed.begin(), allowed.end(), literal.name) != allowed.end()) return true;
    std::string owner = fact.name.empty() ? "'" + text_of(fact) + "'" : fact.name;
    auto& d = diags_.error("unknown-symbol", literal.range,
                           fmt::format("'{}' is not a value {} can take", literal.name, owner));
    auto near = sema::nearest(literal.name, allowed);
    d.hint = fmt::format("{}{} takes {}", near ? fmt::format("did you mean '{}'? ", *near) : "", owner, join(allowed));
    if (near) d.fixits.push_back({literal.range, *near});
    return false;
  }

  // Two values that `==`, `!=` or `in` compare.
  bool comparable(const T& a, const T& b, SourceRange at) {
    if (a.error || b.error) return false;
    if (a.literal && b.literal) {
      // Two names that are no facts: the one that looks like a misspelt fact is.
      bool b_looks = sema::nearest(b.name, schema_.names()) && !sema::nearest(a.name, schema_.names());
      unknown_fact(b_looks ? b : a);
      return false;
    }
    if (b.literal) return symbol_against(a, b);
    if (a.literal) return symbol_against(b, a);
    if (a.type.kind == Kind::Any || b.type.kind == Kind::Any) return true;
    if (a.type.kind != b.type.kind) {
      type_mismatch(at, fmt::format("cannot compare {} with {}", type_name(a.type), type_name(b.type)))
          .notes.push_back({fmt::format("'{}' is {}", text_of(a), type_name(a.type)), a.range});
      return false;
    }
    if (a.type.kind == Kind::Quantity && a.type.dimension != b.type.dimension) {
      unit_mismatch(at, fmt::format("cannot compare {} with {}", type_name(a.type), type_name(b.type)), a, b);
      return false;
    }
    return true;
  }

  bool is_quantity(const T& t, std::string_view what) {
    if (t.error) return false;
    if (t.type.kind == Kind::Quantity || t.type.kind == Kind::Any) return true;
    type_mismatch(t.range, fmt::format("{} needs quantities, but '{}' is {}", what, text_of(t), type_name(t.type)));
    return false;
  }

  bool is_bool(const T& t, std::string_view what) {
    if (t.error) return false;
    if (t.type.kind == Kind::Bool || t.type.kind == Kind::Any) return true;
    type_mismatch(t.range, fmt::format("{} needs a condition, but '{}' is {}", what, text_of(t), type_name(t.type)));
    return false;
  }

  T boolean() {
    T t;
    t.type = FactType::flag();
    return t;
  }

  T of(FactType type) {
    T t;
    t.type = std::move(type);
    return t;
  }

  T check_node(const ast::Expr& e, bool symbol_ok) {
    if (e.as<ast::NumberLit>() || e.as<ast::ScaledCountLit>() || e.as<ast::PercentLit>()) return of(FactType::number());
    if (e.as<ast::StringLit>()) return of(FactType::string());
    if (e.as<ast::BoolLit>()) return boolean();
    if (e.as<ast::VersionedSymbol>()) return of(FactType::symbol());
    if (const auto* q = e.as<ast::QuantityLit>()) {
      const units::Unit* unit = units::find_unit(q->unit);
      if (!unit) {
        SourceRange at = q->unit_range.valid() ? q->unit_range : e.range;
        auto& d = diags_.error("unknown-unit", at, fmt::format("unknown unit '{}'", q->unit));
        if (auto near = sema::nearest(q->unit, units::all_unit_symbols())) d.hint = fmt::format("did you mean '{}'?", *near);
        return failed();
      }
      return of(FactType::quantity(unit->dimension));
    }
    if (const auto* n = e.as<ast::Name>()) {
      // Ids are slots of the built-in registry, whichever schema checks the name.
      n->fact_id = FactSchema::builtin().id(n->name);
      if (const auto* entry = schema_.find(n->name)) {
        T t = of(entry->type);
        t.name = n->name;
        return t;
      }
      T t = of(FactType::symbol());
      t.literal = true;
      t.name = n->name;
      return t;
    }
    if (const auto* p = e.as<ast::ParenExpr>()) {
      T t = check(*p->inner, symbol_ok);
      t.literal = t.literal && symbol_ok;
      return t;
    }
    if (const auto* l = e.as<ast::ListExpr>()) {
      std::vector<T> items;
      for (const auto& item : l->items) items.push_back(check(*item, symbol_ok));
      T out = of(FactType{Kind::List, {}, {}, Kind::Any});
      for (const auto& item : items) {
        if (item.error) return failed();
      }
      if (!items.empty() && !items[0].literal) {
        out.type = FactType::list_of(items[0].type);
        for (std::size_t i = 1; i < items.size(); ++i) {
          if (!items[i].literal && !comparable(items[0], items[i], items[i].range)) return failed();
        }
      } else if (!items.empty()) {
        out.type.element = Kind::Symbol;
      }
      return out;
    }
    if (e.as<ast::Multiplicity>()) {
      type_mismatch(e.range, "a multiplicity ('N x part') is not a value in a policy expression");
      return failed();
    }
    if (const auto* u = e.as<ast::UnaryExpr>()) {
      T operand = check(*u->operand, false);
      if (u->op == ast::UnaryOp::Not) return is_bool(operand, "'not'") ? boolean() : failed();
      if (!is_quantity(operand, "'-'")) return failed();
      return of(operand.type);
    }
    if (const auto* b = e.as<ast::BinaryExpr>()) return binary(*b, e.range);
    if (const auto* c = e.as<ast::CallExpr>()) return call(*c, e.range);
    return failed();
  }

  T binary(const ast::BinaryExpr& b, SourceRange range) {
    using Op = ast::BinaryOp;
    if (b.op == Op::Range) {
      type_mismatch(range, detail::kRangeNotAValue);
      return failed();
    }
    if (b.op == Op::And || b.op == Op::Or) {
      T l = check(*b.lhs, false);
      T r = check(*b.rhs, false);
      std::string what = b.op == Op::And ? "'and'" : "'or'";
      bool ok = is_bool(l, what);
      ok = is_bool(r, what) && ok;
      return ok ? boolean() : failed();
    }
    if (b.op == Op::Eq || b.op == Op::Ne) {
      T l = check(*b.lhs, true);
      T r = check(*b.rhs, true);
      return comparable(l, r, range) ? boolean() : failed();
    }
    if (b.op == Op::In) return membership(b, range);
    T l = check(*b.lhs, false);
    T r = check(*b.rhs, false);
    bool is_order = b.op == Op::Lt || b.op == Op::Le || b.op == Op::Gt || b.op == Op::Ge;
    std::string what = is_order ? "a comparison" : "arithmetic";
    bool ok = is_quantity(l, what);
    ok = is_quantity(r, what) && ok;
    if (!ok) return failed();
    if (l.type.kind == Kind::Any || r.type.kind == Kind::Any) return is_order ? boolean() : of(FactType::any());
    const auto& dl = l.type.dimension;
    const auto& dr = r.type.dimension;
    if (is_order || b.op == Op::Add || b.op == Op::Sub) {
      if (dl != dr) {
        std::string verb = is_order ? "compare" : b.op == Op::Add ? "add" : "subtract";
        std::string joiner = is_order ? "with" : b.op == Op::Add ? "to" : "from";
        // "cannot add power to bytes": the right operand is the one added.
        const T& first = is_order ? l : r;
        const T& second = is_order ? r : l;
        unit_mismatch(range,
                      fmt::format("cannot {} {} {} {}", verb, type_name(first.type), joiner, type_name(second.type)),
                      l, r);
        return failed();
      }
      return is_order ? boolean() : of(l.type);
    }
    units::Quantity a{1, dl, units::Currency::None};
    units::Quantity c{1, dr, units::Currency::None};
    auto result = b.op == Op::Mul ? units::multiply(a, c) : units::divide(a, c);
    return of(FactType::quantity(result.value.dimension));
  }

  T membership(const ast::BinaryExpr& b, SourceRange range) {
    T l = check(*b.lhs, true);
    const auto* list = b.rhs->as<ast::ListExpr>();
    if (!list) {
      T r = check(*b.rhs, false);
      if (l.error || r.error) return failed();
      if (r.type.kind == Kind::Any) return boolean();
      if (r.type.kind != Kind::List) {
        type_mismatch(b.rhs->range, fmt::format("'in' needs a list on the right, but '{}' is {}", text_of(r), type_name(r.type)));
        return failed();
      }
      T element = of(FactType{r.type.element, r.type.dimension, r.type.symbols, Kind::Any});
      element.name = r.name;
      element.expr = r.expr;
      element.range = r.range;
      return comparable(element, l, range) ? boolean() : failed();
    }
    std::vector<T> items;
    bool bad = l.error;
    for (const auto& item : list->items) {
      items.push_back(check(*item, true));
      bad = bad || items.back().error;
    }
    if (bad) return failed();
    if (l.literal) {
      // A symbol on the left: the list must hold a symbol-valued fact to say what it is.
      for (const auto& item : items) {
        if (!item.literal) return comparable(item, l, range) ? boolean() : failed();
      }
      unknown_fact(l);
      return failed();
    }
    bool ok = true;
    for (const auto& item : items) ok = comparable(l, item, item.range) && ok;
    return ok ? boolean() : failed();
  }

  // The element type of a list argument, or nullopt after reporting.
  std::optional<T> list_argument(const ast::CallExpr& c, const ast::Expr& arg) {
    T t = check(arg, false);
    if (t.error) return std::nullopt;
    if (t.type.kind == Kind::Any) return of(FactType::any());
    if (t.type.kind != Kind::List) {
      type_mismatch(arg.range, fmt::format("{}() takes a list, but '{}' is {}", c.callee, text_of(t), type_name(t.type)));
      return std::nullopt;
    }
    T element = of(FactType{t.type.element, t.type.dimension, t.type.symbols, Kind::Any});
    element.expr = t.expr;
    element.range = t.range;
    return element;
  }

  T call(const ast::CallExpr& c, SourceRange range) {
    const std::string& f = c.callee;
    SourceRange callee = range.valid() ? c.callee_range(range.file) : range;
    if (f != "min" && f != "max" && f != "ceil" && f != "floor" && f != "sum" && f != "count") {
      auto& d = diags_.error("unknown-function", callee, fmt::format("unknown function '{}'", f));
      auto near = sema::nearest(f, {"min", "max", "ceil", "floor", "sum", "count"});
      d.hint = fmt::format("{}functions: min max ceil floor sum count", near ? fmt::format("did you mean '{}'? ", *near) : "");
      return failed();
    }
    auto arity = [&](std::size_t n) {
      if (c.args.size() == n) return true;
      type_mismatch(range, fmt::format("{}() takes {} argument{}, not {}", f, n, n == 1 ? "" : "s", c.args.size()));
      return false;
    };
    if (f == "count") {
      if (!arity(1)) return failed();
      return list_argument(c, *c.args[0]) ? of(FactType::number()) : failed();
    }
    if (f == "sum") {
      if (!arity(1)) return failed();
      auto element = list_argument(c, *c.args[0]);
      if (!element) return failed();
      if (!is_quantity(*element, "sum()")) return failed();
      return of(element->type.kind == Kind::Any ? FactType::any() : FactType::quantity(element->type.dimension));
    }
    if (f == "ceil" || f == "floor") {
      if (!arity(1)) return failed();
      T arg = check(*c.args[0], false);
      if (arg.error) return failed();
      if (arg.type.kind == Kind::Any ||
          (arg.type.kind == Kind::Quantity && arg.type.dimension.dimensionless())) {
        return of(FactType::number());
      }
      type_mismatch(arg.range, fmt::format("{}() takes a plain number, but '{}' is {}", f, text_of(arg), type_name(arg.type)));
      return failed();
    }
    // min / max: several quantities of one dimension, or one list of them.
    if (c.args.empty()) {
      type_mismatch(range, fmt::format("{}() needs at least one argument", f));
      return failed();
    }
    std::vector<T> args;
    if (c.args.size() == 1) {
      auto element = list_argument(c, *c.args[0]);
      if (!element) return failed();
      args.push_back(*element);
    } else {
      bool bad = false;
      for (const auto& arg : c.args) {
        args.push_back(check(*arg, false));
        bad = bad || args.back().error;
      }
      if (bad) return failed();
    }
    const T* first = nullptr;
    for (const auto& a : args) {
      if (!is_quantity(a, fmt::format("{}()", f))) return failed();
      if (a.type.kind == Kind::Any) continue;
      if (!first) {
        first = &a;
        continue;
      }
      if (a.type.dimension != first->type.dimension) {
        unit_mismatch(a.range, fmt::format("{}() of {} and {}", f, type_name(first->type), type_name(a.type)), *first, a);
        return failed();
      }
    }
    return first ? of(first->type) : of(FactType::any());
  }

 private:
  const FactSchema& schema_;
  DiagnosticEngine& diags_;
};

}  // namespace

StaticType check_expression(const ast::Expr& expr, const FactSchema& schema, DiagnosticEngine& diags) {
  T t = Checker(schema, diags).check(expr, false);
  return {t.type, t.error};
}

bool check_condition(const ast::Expr& expr, std::string_view role, const FactSchema& schema, DiagnosticEngine& diags) {
  std::size_t before = diags.diagnostics().size();
  StaticType t = check_expression(expr, schema, diags);
  if (!t.error && t.type.kind != FactType::Kind::Bool && t.type.kind != FactType::Kind::Any) {
    auto& d = diags.error("type-mismatch", expr.range,
                          fmt::format("'{}' must be a condition, but this is {}", role, type_name(t.type)));
    d.hint = "compare it, e.g. with '>=' or '=='";
  }
  return diags.diagnostics().size() == before;
}

}  // namespace gpuspec::eval
