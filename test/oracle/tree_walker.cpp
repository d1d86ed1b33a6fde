#include "oracle/tree_walker.h"

#include <fmt/format.h>

#include <cmath>
#include <optional>
#include <string_view>

#include "eval/eval_errors.h"
#include "eval/expr_text.h"
#include "facts/probed_origin.h"

namespace gpuspec::eval::oracle {

namespace {

using facts::Value;
using Type = Value::Type;

std::string_view type_word(const Value& v) { return detail::type_word(v.type); }
using detail::arithmetic_error;

// What a sub-expression evaluates to inside the evaluator. A fact's value is borrowed
// from the FactSet, so a name look-up copies nothing (lists and strings included);
// values the evaluator computes are owned. Converted to an Outcome once, at the top.
struct Result {
  Outcome::State state = Outcome::State::Known;
  const Value* borrowed = nullptr;
  Value owned;
  std::string_view missing;  // Unknown: a fact name from the policy's syntax tree
  std::string error;
  SourceRange error_range;

  static Result of(Value v) { return {.owned = std::move(v)}; }
  static Result ref(const Value& v) { return {.borrowed = &v}; }
  static Result unknown(std::string_view fact) { return {.state = Outcome::State::Unknown, .missing = fact}; }
  static Result failure(SourceRange range, std::string message) {
    return {.state = Outcome::State::Error, .error = std::move(message), .error_range = range};
  }

  bool is_known() const { return state == Outcome::State::Known; }
  bool is_unknown() const { return state == Outcome::State::Unknown; }
  bool is_error() const { return state == Outcome::State::Error; }
  const Value& value() const { return borrowed ? *borrowed : owned; }
  // The value to keep: moved when owned, copied when borrowed.
  Value take() { return borrowed ? *borrowed : std::move(owned); }

  Outcome outcome() && {
    switch (state) {
      case Outcome::State::Known: return Outcome::known(take());
      case Outcome::State::Unknown: return Outcome::unknown(std::string(missing));
      case Outcome::State::Error: return Outcome::failure(error_range, std::move(error));
    }
    return Outcome::unknown(std::string(missing));
  }
  std::string display() const {
    switch (state) {
      case Outcome::State::Known: return value().display();
      case Outcome::State::Unknown: return "unknown";
      case Outcome::State::Error: return "error: " + error;
    }
    return "";
  }
};

// A name's fact by the id the checker resolved at load; by its text when it was
// never checked (a template rendered unchecked, a test).
const facts::Fact* find_fact(const facts::FactSet& facts, const ast::Name& name) {
  const facts::FactId id = name.fact_id == ast::Name::kUnresolvedFact ? FactSchema::builtin().id(name.name) : name.fact_id;
  return facts.find(facts::FactKey{id, name.name});  // none for a symbol literal
}

bool in_schema(const FactSchema& schema, const ast::Name& name) {
  if (name.fact_id == ast::Name::kUnresolvedFact || &schema != &FactSchema::builtin()) return schema.find(name.name) != nullptr;
  return name.fact_id != facts::kNoFactId;
}

class Evaluator {
 public:
  Evaluator(const facts::FactSet& facts, const FactSchema& schema) : facts_(facts), schema_(schema) {}

  Result eval(const ast::Expr& e, bool symbol_ok = false) {
    if (const auto* n = e.as<ast::NumberLit>()) return Result::of(Value::number(n->value));
    if (const auto* n = e.as<ast::ScaledCountLit>()) return Result::of(Value::number(n->value));
    if (const auto* n = e.as<ast::PercentLit>()) return Result::of(Value::number(n->value));
    if (const auto* n = e.as<ast::StringLit>()) return Result::of(Value::string(n->value));
    if (const auto* n = e.as<ast::BoolLit>()) return Result::of(Value::flag(n->value));
    if (const auto* n = e.as<ast::VersionedSymbol>()) return Result::of(Value::symbol(n->name + "@" + n->version));
    if (const auto* q = e.as<ast::QuantityLit>()) return quantity(*q, e.range);
    if (const auto* n = e.as<ast::Name>()) return name(*n, e.range, symbol_ok);
    if (const auto* p = e.as<ast::ParenExpr>()) return eval(*p->inner, symbol_ok);
    if (const auto* l = e.as<ast::ListExpr>()) return list(*l, symbol_ok);
    if (const auto* u = e.as<ast::UnaryExpr>()) return unary(*u, e.range);
    if (const auto* b = e.as<ast::BinaryExpr>()) return binary(*b, e.range);
    if (const auto* c = e.as<ast::CallExpr>()) return call(*c, e.range);
    return Result::failure(e.range, "a multiplicity is not a value in an expression");
  }

 private:
  Result quantity(const ast::QuantityLit& q, SourceRange range) {
    const units::Unit* unit = units::find_unit(q.unit);
    if (!unit) return Result::failure(q.unit_range.valid() ? q.unit_range : range, fmt::format("unknown unit '{}'", q.unit));
    auto made = units::make_quantity(q.number, *unit);
    if (!made.ok()) return Result::failure(range, "the quantity is too large");
    return Result::of(Value::of(made.value));
  }

  Result name(const ast::Name& name, SourceRange range, bool symbol_ok) {
    const std::string& n = name.name;
    if (const facts::Fact* fact = find_fact(facts_, name)) return Result::ref(fact->value);
    if (in_schema(schema_, name)) return Result::unknown(n);
    if (symbol_ok) return Result::of(Value::symbol(n));
    return Result::failure(range, fmt::format("unknown fact '{}'", n));
  }

  Result list(const ast::ListExpr& l, bool symbol_ok) {
    std::vector<Value> items;
    std::optional<Result> unknown;
    for (const auto& item : l.items) {
      Result o = eval(*item, symbol_ok);
      if (o.is_error()) return o;
      if (o.is_unknown()) {
        if (!unknown) unknown = std::move(o);
        continue;
      }
      items.push_back(o.take());
    }
    if (unknown) return std::move(*unknown);
    return Result::of(Value::list(std::move(items)));
  }

  Result unary(const ast::UnaryExpr& u, SourceRange range) {
    Result o = eval(*u.operand);
    if (!o.is_known()) return o;
    const Value& v = o.value();
    if (u.op == ast::UnaryOp::Not) {
      if (v.type != Type::Bool) return Result::failure(range, fmt::format("'not' needs a boolean, not {}", type_word(v)));
      return Result::of(Value::flag(!v.boolean));
    }
    if (v.type != Type::Quantity) return Result::failure(range, fmt::format("cannot negate {}", type_word(v)));
    Value negated = o.take();
    negated.quantity.value = -negated.quantity.value;
    return Result::of(std::move(negated));
  }

  // and/or: a deciding operand wins over Unknown and errors on the other side, so when
  // the left one decides the right one is not evaluated (nor its deferred facts provided).
  Result logic(const ast::BinaryExpr& b) {
    bool is_and = b.op == ast::BinaryOp::And;
    const ast::Expr* exprs[2] = {b.lhs.get(), b.rhs.get()};
    Result sides[2];
    for (int i = 0; i < 2; ++i) {
      sides[i] = eval(*exprs[i]);
      if (sides[i].is_known() && sides[i].value().type != Type::Bool) {
        sides[i] = Result::failure(exprs[i]->range, fmt::format("'{}' needs booleans, not {}", is_and ? "and" : "or",
                                                                type_word(sides[i].value())));
      }
      if (sides[i].is_known() && sides[i].value().boolean != is_and) return Result::of(Value::flag(!is_and));
    }
    for (auto& s : sides) {
      if (s.is_error()) return std::move(s);
    }
    for (auto& s : sides) {
      if (s.is_unknown()) return std::move(s);
    }
    return Result::of(Value::flag(is_and));
  }

  // Equality of two known values; an error message when they cannot be compared.
  std::optional<std::string> equal(const Value& a, const Value& b, bool& result) {
    if (a.type != b.type) return fmt::format("cannot compare {} with {}", type_word(a), type_word(b));
    switch (a.type) {
      case Type::Quantity: {
        auto c = units::compare(a.quantity, b.quantity);
        if (!c) {
          return fmt::format("cannot compare {} with {}", units::dimension_name(a.quantity.dimension),
                             units::dimension_name(b.quantity.dimension));
        }
        result = *c == 0;
        return std::nullopt;
      }
      case Type::Symbol:
      case Type::String: result = a.text == b.text; return std::nullopt;
      case Type::Bool: result = a.boolean == b.boolean; return std::nullopt;
      case Type::List: {
        result = a.items.size() == b.items.size();
        for (std::size_t i = 0; result && i < a.items.size(); ++i) {
          bool item = false;
          if (auto err = equal(a.items[i], b.items[i], item)) return err;
          result = item;
        }
        return std::nullopt;
      }
    }
    return "cannot compare";
  }

  Result binary(const ast::BinaryExpr& b, SourceRange range) {
    using Op = ast::BinaryOp;
    if (b.op == Op::And || b.op == Op::Or) return logic(b);
    if (b.op == Op::Range) return Result::failure(range, detail::kRangeNotAValue);
    bool symbolic = b.op == Op::Eq || b.op == Op::Ne || b.op == Op::In;
    // A fact that does not apply on the right makes the result Unknown whatever a fact on
    // the left is (a fact's look-up cannot fail), so the left one is not read: in
    // `cost.capex <= budget` without a budget, the server is not quoted (issue 12).
    if (absent_fact(*b.rhs) && is_fact_name(*b.lhs)) return eval(*b.rhs, symbolic);
    Result lhs = eval(*b.lhs, symbolic);
    Result rhs = eval(*b.rhs, symbolic);
    if (lhs.is_error()) return lhs;
    if (rhs.is_error()) return rhs;
    if (lhs.is_unknown()) return lhs;
    if (rhs.is_unknown()) return rhs;
    const Value& a = lhs.value();
    const Value& c = rhs.value();
    switch (b.op) {
      case Op::Eq:
      case Op::Ne: {
        bool eq = false;
        if (auto err = equal(a, c, eq)) return Result::failure(range, *err);
        return Result::of(Value::flag(b.op == Op::Eq ? eq : !eq));
      }
      case Op::In: {
        // A single value on the right is a one-item list (`monitoring = dcgm`).
        if (c.type != Type::List) {
          bool eq = false;
          if (auto err = equal(a, c, eq)) return Result::failure(range, *err);
          return Result::of(Value::flag(eq));
        }
        for (const auto& item : c.items) {
          bool eq = false;
          if (auto err = equal(a, item, eq)) return Result::failure(range, *err);
          if (eq) return Result::of(Value::flag(true));
        }
        return Result::of(Value::flag(false));
      }
      default: break;
    }
    if (a.type != Type::Quantity || c.type != Type::Quantity) {
      const Value& bad = a.type != Type::Quantity ? a : c;
      return Result::failure(range, fmt::format("arithmetic and ordering need quantities, not {}", type_word(bad)));
    }
    if (b.op == Op::Lt || b.op == Op::Le || b.op == Op::Gt || b.op == Op::Ge) {
      auto cmp = units::compare(a.quantity, c.quantity);
      if (!cmp) {
        return Result::failure(range, fmt::format("cannot compare {} with {}", units::dimension_name(a.quantity.dimension),
                                                  units::dimension_name(c.quantity.dimension)));
      }
      bool r = b.op == Op::Lt ? *cmp < 0 : b.op == Op::Le ? *cmp <= 0 : b.op == Op::Gt ? *cmp > 0 : *cmp >= 0;
      return Result::of(Value::flag(r));
    }
    units::ArithmeticResult r = b.op == Op::Add   ? units::add(a.quantity, c.quantity)
                                : b.op == Op::Sub ? units::subtract(a.quantity, c.quantity)
                                : b.op == Op::Mul ? units::multiply(a.quantity, c.quantity)
                                                  : units::divide(a.quantity, c.quantity);
    if (!r.ok()) return Result::failure(range, arithmetic_error(r.error, a.quantity, c.quantity));
    return Result::of(Value::of(r.value));
  }

  // A name the registry knows: its look-up gives a value or Unknown, never an error.
  bool is_fact_name(const ast::Expr& e) const {
    const auto* n = e.as<ast::Name>();
    return n && schema_.find(n->name);
  }
  // A fact name the set has no value for.
  bool absent_fact(const ast::Expr& e) const { return is_fact_name(e) && !facts_.find(e.as<ast::Name>()->name); }

  Result call(const ast::CallExpr& c, SourceRange range) {
    // The arguments stay where they are (a list fact is not copied to be counted).
    std::vector<Result> results;
    results.reserve(c.args.size());
    for (const auto& arg : c.args) {
      results.push_back(eval(*arg));
      if (!results.back().is_known()) return std::move(results.back());
    }
    std::vector<const Value*> args;
    for (const auto& r : results) args.push_back(&r.value());
    const std::string& f = c.callee;
    if (f == "count" || f == "sum") {
      if (args.size() != 1 || args[0]->type != Type::List) return Result::failure(range, fmt::format("{}() takes one list", f));
      const auto& items = args[0]->items;
      if (f == "count") return Result::of(Value::number(static_cast<double>(items.size())));
      units::Quantity total = units::Quantity::number(0);
      for (std::size_t i = 0; i < items.size(); ++i) {
        if (items[i].type != Type::Quantity) return Result::failure(range, "sum() needs a list of quantities");
        if (i == 0) {
          total = items[i].quantity;
          continue;
        }
        auto r = units::add(total, items[i].quantity);
        if (!r.ok()) return Result::failure(range, arithmetic_error(r.error, total, items[i].quantity));
        total = r.value;
      }
      return Result::of(Value::of(total));
    }
    if (f == "ceil" || f == "floor") {
      if (args.size() != 1 || args[0]->type != Type::Quantity || !args[0]->quantity.dimension.dimensionless()) {
        return Result::failure(range, fmt::format("{}() takes one plain number", f));
      }
      double v = args[0]->quantity.value;
      return Result::of(Value::number(f == "ceil" ? std::ceil(v) : std::floor(v)));
    }
    if (f == "min" || f == "max") {
      if (args.size() == 1 && args[0]->type == Type::List) {
        const auto& items = args[0]->items;
        args.clear();
        for (const auto& item : items) args.push_back(&item);
      }
      if (args.empty()) return Result::failure(range, fmt::format("{}() needs at least one value", f));
      const Value* best = nullptr;
      for (const Value* a : args) {
        if (a->type != Type::Quantity) return Result::failure(range, fmt::format("{}() needs quantities", f));
        if (!best) {
          best = a;
          continue;
        }
        auto cmp = units::compare(a->quantity, best->quantity);
        if (!cmp) return Result::failure(range, arithmetic_error(units::ArithmeticError::DimensionMismatch, best->quantity, a->quantity));
        if (f == "min" ? *cmp < 0 : *cmp > 0) best = a;
      }
      return Result::of(*best);
    }
    return Result::failure(range.valid() ? c.callee_range(range.file) : range, fmt::format("unknown function '{}'", f));
  }

  const facts::FactSet& facts_;
  const FactSchema& schema_;
};

bool is_literal(const ast::Expr& e) {
  return e.as<ast::NumberLit>() || e.as<ast::ScaledCountLit>() || e.as<ast::QuantityLit>() || e.as<ast::PercentLit>() ||
         e.as<ast::StringLit>() || e.as<ast::BoolLit>() || e.as<ast::VersionedSymbol>() || e.as<ast::ListExpr>() ||
         e.as<ast::Multiplicity>();
}

class Tracer {
 public:
  Tracer(const facts::FactSet& facts, const FactSchema& schema, std::vector<Term>& terms)
      : facts_(facts), schema_(schema), terms_(terms) {}

  void walk(const ast::Expr& e) {
    if (const auto* p = e.as<ast::ParenExpr>()) return walk(*p->inner);
    if (const auto* n = e.as<ast::Name>()) return fact(*n, e.range);
    if (is_literal(e)) return;
    if (const auto* u = e.as<ast::UnaryExpr>()) {
      if (u->op == ast::UnaryOp::Negate) add(e);
      return walk(*u->operand);
    }
    if (const auto* b = e.as<ast::BinaryExpr>()) {
      using Op = ast::BinaryOp;
      bool arithmetic = b->op == Op::Add || b->op == Op::Sub || b->op == Op::Mul || b->op == Op::Div;
      if (arithmetic) add(e);
      walk(*b->lhs);
      walk(*b->rhs);
      return;
    }
    if (const auto* c = e.as<ast::CallExpr>()) {
      add(e);
      for (const auto& arg : c->args) walk(*arg);
    }
  }

 private:
  bool seen(const std::string& text) const {
    for (const auto& t : terms_) {
      if (t.expression == text) return true;
    }
    return false;
  }

  void add(const ast::Expr& e) {
    std::string text = expr_text(e);
    if (seen(text)) return;
    Result o = Evaluator(facts_, schema_).eval(e);
    Term t;
    t.expression = text;
    t.value = o.display();
    t.text = t.expression + " = " + t.value;
    t.range = e.range;
    terms_.push_back(std::move(t));
  }

  void fact(const ast::Name& n, SourceRange range) {
    const std::string& name = n.name;
    const facts::Fact* f = find_fact(facts_, n);
    if (!f && !in_schema(schema_, n)) return;  // a symbol literal
    if (seen(name)) return;
    Term t;
    t.expression = name;
    t.range = range;
    t.is_fact = true;
    if (!f) {
      t.value = "unknown";
      t.text = name + " = unknown (the fact does not apply here)";
    } else {
      t.value = f->value.display();
      t.origin = f->origin.range;
      t.origin_kind = f->origin.kind;
      t.explanation = f->origin.kind == facts::Origin::Kind::Catalog && !f->origin.entry.empty()
                          ? "from " + f->origin.entry
                          : f->origin.explanation.str();
      t.text = name + " = " + t.value;
      // Declared facts speak for themselves; anything else says where it came from, and a
      // probed fact what it was probed from (facts/probed_origin.h).
      std::string why;
      if (f->origin.kind != facts::Origin::Kind::Declared && !t.explanation.empty() && t.explanation != t.value) {
        why = t.explanation;
      }
      if (const std::string* probed = facts::probed_from(facts_, name, *f)) {
        why += (why.empty() ? "probed: " : "; probed: ") + *probed;
      }
      if (!why.empty()) t.text += " (" + why + ")";
    }
    terms_.push_back(std::move(t));
  }

  const facts::FactSet& facts_;
  const FactSchema& schema_;
  std::vector<Term>& terms_;
};

}  // namespace

Outcome evaluate(const ast::Expr& expr, const facts::FactSet& facts, const FactSchema& schema) {
  return Evaluator(facts, schema).eval(expr).outcome();
}

std::vector<Term> trace(const ast::Expr& expr, const facts::FactSet& facts, const FactSchema& schema) {
  std::vector<Term> terms;
  Tracer(facts, schema, terms).walk(expr);
  return terms;
}

}  // namespace gpuspec::eval::oracle
