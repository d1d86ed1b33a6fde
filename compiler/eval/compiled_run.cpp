// Running a CompiledExpr over one declaration's facts: a condition decided in place,
// a value for a message hole. Compiling is compiled.cpp; the trace, compiled_trace.cpp.
#include <fmt/format.h>

#include <cmath>
#include <string_view>
#include <utility>

#include "eval/compiled.h"
#include "eval/compiled_detail.h"
#include "eval/eval_errors.h"

namespace gpuspec::eval {

namespace detail {

// Appends what Value::display returns, without the intermediate string for the
// commonest values (symbols, strings, booleans) of message holes and why-notes.
void append_value(const facts::Value& v, std::string& out) {
  using Type = facts::Value::Type;
  switch (v.type) {
    case Type::Symbol: out += v.text; return;
    case Type::String:
      out += '"';
      out += v.text;
      out += '"';
      return;
    case Type::Bool: out += v.boolean ? "true" : "false"; return;
    case Type::Quantity: units::format_to(out, v.quantity); return;  // Value::display's text, with no copy
    case Type::List: break;
  }
  out += v.display();
}

}  // namespace detail

namespace {

using facts::Value;
using Type = Value::Type;
using detail::append_value;
using detail::arithmetic_error;
using detail::type_word;

// A known value as the program sees it: borrowed (a fact, a constant, a list it built)
// or a quantity/boolean computed in place. Trivially copyable: nothing is allocated
// to pass a value up the tree.
struct View {
  Type type = Type::Bool;
  bool flag = false;
  const Value* ref = nullptr;
  units::Quantity q;

  static View of(const Value& v) { return {v.type, false, &v, {}}; }
  static View quantity(const units::Quantity& q) { return {Type::Quantity, false, nullptr, q}; }
  static View boolean(bool b) { return {Type::Bool, b, nullptr, {}}; }

  const units::Quantity& quantity() const { return ref ? ref->quantity : q; }
  bool boolean() const { return ref ? ref->boolean : flag; }
  Value value() const {
    if (ref) return *ref;
    return type == Type::Quantity ? Value::of(q) : Value::flag(flag);
  }
  std::string display() const {
    if (ref) return ref->display();
    return type == Type::Quantity ? Value::of(q).display() : Value::flag(flag).display();
  }
};

}  // namespace

// ---------------------------------------------------------------------------------------
// Running

class CompiledExpr::Run {
 public:
  struct R {
    Outcome::State state = Outcome::State::Known;
    View view;
    std::string_view missing;           // Unknown: the fact's name (program storage)
    const Error* error = nullptr;       // Error: program or run storage

    bool known() const { return state == Outcome::State::Known; }
    bool unknown() const { return state == Outcome::State::Unknown; }
    bool failed() const { return state == Outcome::State::Error; }
  };

  Run(const CompiledExpr& program, const facts::FactSet& facts) : p_(program), facts_(facts) {}

  R eval(std::uint32_t index) {
    const Node& n = p_.nodes_[index];
    switch (n.op) {
      case Op::Const: return known(View::of(p_.constants_[n.a]));
      case Op::Fail: return failure(&p_.errors_[n.a]);
      case Op::Name: return name(n);
      case Op::Paren: return eval(n.a);
      case Op::List: return list(n);
      case Op::Negate:
      case Op::Not: return unary(n);
      case Op::And:
      case Op::Or: return logic(n);
      case Op::Call: return call(n);
      default: return binary(n);
    }
  }

  // A condition's truth without passing values: what most guards and requirements need.
  // `Other` (an error or a value that is no boolean) sends the caller to eval(), which
  // re-reads what this read (a pure look-up) and says what went wrong.
  enum class Tri : std::uint8_t { False, True, Unknown, Other };

  Tri test(std::uint32_t index) {
    const Node& n = p_.nodes_[index];
    switch (n.op) {
      case Op::Name: {
        if (const Value* fact = fact_of(n)) {
          if (fact->type != Type::Bool) return Tri::Other;
          return fact->boolean ? Tri::True : Tri::False;
        }
        return n.in_schema ? Tri::Unknown : Tri::Other;
      }
      case Op::Const: {
        const Value& v = p_.constants_[n.a];
        if (v.type != Type::Bool) return Tri::Other;
        return v.boolean ? Tri::True : Tri::False;
      }
      case Op::Paren: return test(n.a);
      case Op::Not: {
        Tri t = test(n.a);
        return t == Tri::True ? Tri::False : t == Tri::False ? Tri::True : t;
      }
      case Op::And:
      case Op::Or: {
        // As logic(): a deciding side wins, then Unknown; anything else is eval()'s.
        const Tri decides = n.op == Op::And ? Tri::False : Tri::True;
        Tri lhs = test(n.a);
        if (lhs == decides) return decides;
        if (lhs == Tri::Other) return tri(eval(index));
        Tri rhs = test(n.b);
        if (rhs == decides) return decides;
        if (rhs == Tri::Other) return tri(eval(index));
        return lhs == Tri::Unknown || rhs == Tri::Unknown ? Tri::Unknown : (n.op == Op::And ? Tri::True : Tri::False);
      }
      case Op::Eq:
      case Op::Ne:
      case Op::In:
      case Op::Lt:
      case Op::Le:
      case Op::Gt:
      case Op::Ge:
        if (n.fact_vs_constant) {
          R out;
          if (compare_fact(n, out)) return tri(out);
        } else if (n.fact_pair) {
          Tri out;
          if (compare_facts(n, out)) return out;
        } else if (n.op != Op::Eq && n.op != Op::Ne && n.op != Op::In) {
          Tri out;
          if (order(n, out)) return out;
        }
        return tri(eval(index));
      default: return tri(eval(index));
    }
  }

  static Tri tri(const R& r) {
    if (r.unknown()) return Tri::Unknown;
    if (!r.known() || r.view.type != Type::Bool) return Tri::Other;
    return r.view.boolean() ? Tri::True : Tri::False;
  }

  static std::string display(const R& r) {
    switch (r.state) {
      case Outcome::State::Known: return r.view.display();
      case Outcome::State::Unknown: return "unknown";
      case Outcome::State::Error: return "error: " + r.error->message;
    }
    return "";
  }

 private:
  static R known(View v) {
    R r;
    r.view = v;
    return r;
  }
  static R unknown(std::string_view fact) {
    R r;
    r.state = Outcome::State::Unknown;
    r.missing = fact;
    return r;
  }
  static R failure(const Error* e) {
    R r;
    r.state = Outcome::State::Error;
    r.error = e;
    return r;
  }
  R failure(SourceRange range, std::string message) {
    errors_.push_back(std::make_unique<Error>(Error{std::move(message), range}));
    return failure(errors_.back().get());
  }

  // A Name node's fact's value: by its slot, or by its text when the registry lacks it.
  // Read in place (FactSet::value): no rule reads an origin.
  const Value* fact_of(const Node& name) const {
    return name.b != facts::kNoFactId ? facts_.value(static_cast<facts::FactId>(name.b)) : facts_.value(p_.names_[name.a]->key);
  }

  R name(const Node& node) {
    if (const Value* fact = fact_of(node)) return known(View::of(*fact));
    const NameSlot& n = *p_.names_[node.a];
    if (n.in_schema) return unknown(n.text);
    if (n.symbol_ok) return known(View::of(p_.constants_[n.symbol]));
    return failure(&p_.errors_[n.error]);
  }

  R list(const Node& n) {
    const std::uint32_t* items = p_.operands_.data() + n.a;
    if (n.folded) {
      bool all_symbols = true;
      for (std::uint32_t i = 0; i < n.b && all_symbols; ++i) {
        const Node& item = p_.nodes_[items[i]];
        if (item.op == Op::Name && fact_of(item)) all_symbols = false;
      }
      if (all_symbols) return known(View::of(p_.constants_[n.extra]));
    }
    std::vector<Value> values;
    R first_unknown;
    bool has_unknown = false;
    for (std::uint32_t i = 0; i < n.b; ++i) {
      R o = eval(items[i]);
      if (o.failed()) return o;
      if (o.unknown()) {
        if (!has_unknown) first_unknown = o;
        has_unknown = true;
        continue;
      }
      values.push_back(o.view.value());
    }
    if (has_unknown) return first_unknown;
    lists_.push_back(std::make_unique<Value>(Value::list(std::move(values))));
    return known(View::of(*lists_.back()));
  }

  R unary(const Node& n) {
    R o = eval(n.a);
    if (!o.known()) return o;
    const View& v = o.view;
    if (n.op == Op::Not) {
      if (v.type != Type::Bool) return failure(n.range, fmt::format("'not' needs a boolean, not {}", type_word(v.type)));
      return known(View::boolean(!v.boolean()));
    }
    if (v.type != Type::Quantity) return failure(n.range, fmt::format("cannot negate {}", type_word(v.type)));
    units::Quantity negated = v.quantity();
    negated.value = -negated.value;
    return known(View::quantity(negated));
  }

  R logic(const Node& n) {
    bool is_and = n.op == Op::And;
    const std::uint32_t operands[2] = {n.a, n.b};
    R sides[2];
    for (int i = 0; i < 2; ++i) {
      sides[i] = eval(operands[i]);
      if (sides[i].known() && sides[i].view.type != Type::Bool) {
        sides[i] = failure(p_.nodes_[operands[i]].range, fmt::format("'{}' needs booleans, not {}", is_and ? "and" : "or",
                                                                     type_word(sides[i].view.type)));
      }
      if (sides[i].known() && sides[i].view.boolean() != is_and) return known(View::boolean(!is_and));
    }
    for (const auto& s : sides) {
      if (s.failed()) return s;
    }
    for (const auto& s : sides) {
      if (s.unknown()) return s;
    }
    return known(View::boolean(is_and));
  }

  // Equality of two known values; false (and `message`) when they cannot be compared.
  static bool equal(const View& a, const View& b, bool& result, std::string& message) {
    if (a.type != b.type) {
      message = fmt::format("cannot compare {} with {}", type_word(a.type), type_word(b.type));
      return false;
    }
    switch (a.type) {
      case Type::Quantity: {
        auto c = units::compare(a.quantity(), b.quantity());
        if (!c) {
          message = fmt::format("cannot compare {} with {}", units::dimension_name(a.quantity().dimension),
                                units::dimension_name(b.quantity().dimension));
          return false;
        }
        result = *c == 0;
        return true;
      }
      case Type::Symbol:
      case Type::String: result = a.ref->text == b.ref->text; return true;
      case Type::Bool: result = a.boolean() == b.boolean(); return true;
      case Type::List: {
        const auto& x = a.ref->items;
        const auto& y = b.ref->items;
        result = x.size() == y.size();
        for (std::size_t i = 0; result && i < x.size(); ++i) {
          bool item = false;
          if (!equal(View::of(x[i]), View::of(y[i]), item, message)) return false;
          result = item;
        }
        return true;
      }
    }
    message = "cannot compare";
    return false;
  }

  // A quantity sub-expression (`2 * gpu.vram_total`) without passing values: Other when
  // anything but a known quantity or Unknown could come of it (eval() then decides).
  enum class Q : std::uint8_t { Ok, Unknown, Other };
  Q quantity(std::uint32_t index, units::Quantity& out) {
    const Node& n = p_.nodes_[index];
    switch (n.op) {
      case Op::Name: {
        if (const Value* fact = fact_of(n)) {
          if (fact->type != Type::Quantity) return Q::Other;
          out = fact->quantity;
          return Q::Ok;
        }
        return n.in_schema ? Q::Unknown : Q::Other;
      }
      case Op::Const: {
        const Value& v = p_.constants_[n.a];
        if (v.type != Type::Quantity) return Q::Other;
        out = v.quantity;
        return Q::Ok;
      }
      case Op::Paren: return quantity(n.a, out);
      case Op::Negate: {
        Q q = quantity(n.a, out);
        if (q == Q::Ok) out.value = -out.value;
        return q;
      }
      case Op::Add:
      case Op::Sub:
      case Op::Mul:
      case Op::Div: {
        if (n.fact_pair && !fact_of(p_.nodes_[n.b])) return Q::Unknown;  // as binary()
        units::Quantity x, y;
        Q a = quantity(n.a, x);
        if (a == Q::Other) return Q::Other;
        Q b = quantity(n.b, y);
        if (b == Q::Other) return Q::Other;
        if (a == Q::Unknown || b == Q::Unknown) return Q::Unknown;
        units::ArithmeticResult r = n.op == Op::Add   ? units::add(x, y)
                                    : n.op == Op::Sub ? units::subtract(x, y)
                                    : n.op == Op::Mul ? units::multiply(x, y)
                                                      : units::divide(x, y);
        if (!r.ok()) return Q::Other;
        out = r.value;
        return Q::Ok;
      }
      default: return Q::Other;
    }
  }

  // `memory.total >= 2 * gpu.vram_total`: an ordering of two quantity sub-expressions.
  bool order(const Node& n, Tri& out) {
    units::Quantity x, y;
    Q a = quantity(n.a, x);
    if (a == Q::Other) return false;
    Q b = quantity(n.b, y);
    if (b == Q::Other) return false;
    if (a == Q::Unknown || b == Q::Unknown) {
      out = Tri::Unknown;
      return true;
    }
    auto cmp = units::compare(x, y);
    if (!cmp) return false;
    bool r = n.op == Op::Lt ? *cmp < 0 : n.op == Op::Le ? *cmp <= 0 : n.op == Op::Gt ? *cmp > 0 : *cmp >= 0;
    out = r ? Tri::True : Tri::False;
    return true;
  }

  // Two values `op` compares, when neither is a list compared as a whole: false when
  // the general path must decide (a type or dimension mismatch: an error there).
  static bool same(const Value& x, const Value& y, bool& eq) {
    if (x.type != y.type) return false;
    switch (x.type) {
      case Type::Quantity: {
        auto cmp = units::compare(x.quantity, y.quantity);
        if (!cmp) return false;
        eq = *cmp == 0;
        return true;
      }
      case Type::Symbol:
      case Type::String: eq = x.text == y.text; return true;
      case Type::Bool: eq = x.boolean == y.boolean; return true;
      case Type::List: return false;
    }
    return false;
  }

  static bool compare_values(Op op, const Value& a, const Value& c, bool& result) {
    switch (op) {
      case Op::Eq:
      case Op::Ne:
        if (!same(a, c, result)) return false;
        if (op == Op::Ne) result = !result;
        return true;
      case Op::In:
        if (c.type != Type::List) return same(a, c, result);
        result = false;
        for (const auto& item : c.items) {
          bool eq = false;
          if (!same(a, item, eq)) return false;
          if (eq) {
            result = true;
            break;
          }
        }
        return true;
      default: {
        if (a.type != Type::Quantity || c.type != Type::Quantity) return false;
        auto cmp = units::compare(a.quantity, c.quantity);
        if (!cmp) return false;
        result = op == Op::Lt ? *cmp < 0 : op == Op::Le ? *cmp <= 0 : op == Op::Gt ? *cmp > 0 : *cmp >= 0;
        return true;
      }
    }
  }

  // `gpu.count <= chassis.max_gpus`: as binary() with two fact names, the right one read
  // first (absent, it decides alone), compared in place.
  bool compare_facts(const Node& n, Tri& out) {
    const Value* rhs = fact_of(p_.nodes_[n.b]);
    if (!rhs) {
      out = Tri::Unknown;
      return true;
    }
    const Value* lhs = fact_of(p_.nodes_[n.a]);
    if (!lhs) {
      out = Tri::Unknown;
      return true;
    }
    bool result = false;
    if (!compare_values(n.op, *lhs, *rhs, result)) return false;
    out = result ? Tri::True : Tri::False;
    return true;
  }

  // `gpu.count >= 1`, `workload.precision == fp8`, `gpu.link in [nvlink_bridge, nvswitch]`:
  // what the general path computes, without passing values up; false to take the
  // general path (a type mismatch, a list item the set holds as a fact).
  bool compare_fact(const Node& n, R& out) {
    const Node& lhs = p_.nodes_[n.a];
    const Value* fact = fact_of(lhs);
    if (!fact) {
      out = unknown(p_.names_[lhs.a]->text);  // the constant on the right is known: the left's Unknown wins
      return true;
    }
    const Value& a = *fact;
    const Node& rhs = p_.nodes_[n.b];
    const Value* c = nullptr;
    if (rhs.op == Op::Const) {
      c = &p_.constants_[rhs.a];
    } else if (rhs.op == Op::Name) {
      if (fact_of(rhs)) return false;  // a fact by the symbol's name: read as the tree walker does
      c = &p_.constants_[p_.names_[rhs.a]->symbol];
    } else {
      const std::uint32_t* items = p_.operands_.data() + rhs.a;
      for (std::uint32_t i = 0; i < rhs.b; ++i) {
        const Node& item = p_.nodes_[items[i]];
        if (item.op == Op::Name && fact_of(item)) return false;
      }
      c = &p_.constants_[rhs.extra];
    }
    bool result = false;
    if (!compare_values(n.op, a, *c, result)) return false;
    out = known(View::boolean(result));
    return true;
  }

  R binary(const Node& n) {
    if (n.fact_vs_constant) {
      R out;
      if (compare_fact(n, out)) return out;
    }
    if (n.fact_pair && !fact_of(p_.nodes_[n.b])) return eval(n.b);
    R lhs = eval(n.a);
    R rhs = eval(n.b);
    if (lhs.failed()) return lhs;
    if (rhs.failed()) return rhs;
    if (lhs.unknown()) return lhs;
    if (rhs.unknown()) return rhs;
    const View& a = lhs.view;
    const View& c = rhs.view;
    std::string message;
    switch (n.op) {
      case Op::Eq:
      case Op::Ne: {
        bool eq = false;
        if (!equal(a, c, eq, message)) return failure(n.range, std::move(message));
        return known(View::boolean(n.op == Op::Eq ? eq : !eq));
      }
      case Op::In: {
        // A single value on the right is a one-item list (`monitoring = dcgm`).
        if (c.type != Type::List) {
          bool eq = false;
          if (!equal(a, c, eq, message)) return failure(n.range, std::move(message));
          return known(View::boolean(eq));
        }
        for (const auto& item : c.ref->items) {
          bool eq = false;
          if (!equal(a, View::of(item), eq, message)) return failure(n.range, std::move(message));
          if (eq) return known(View::boolean(true));
        }
        return known(View::boolean(false));
      }
      default: break;
    }
    if (a.type != Type::Quantity || c.type != Type::Quantity) {
      const View& bad = a.type != Type::Quantity ? a : c;
      return failure(n.range, fmt::format("arithmetic and ordering need quantities, not {}", type_word(bad.type)));
    }
    const units::Quantity& x = a.quantity();
    const units::Quantity& y = c.quantity();
    if (n.op == Op::Lt || n.op == Op::Le || n.op == Op::Gt || n.op == Op::Ge) {
      auto cmp = units::compare(x, y);
      if (!cmp) {
        return failure(n.range, fmt::format("cannot compare {} with {}", units::dimension_name(x.dimension),
                                            units::dimension_name(y.dimension)));
      }
      bool r = n.op == Op::Lt ? *cmp < 0 : n.op == Op::Le ? *cmp <= 0 : n.op == Op::Gt ? *cmp > 0 : *cmp >= 0;
      return known(View::boolean(r));
    }
    units::ArithmeticResult r = n.op == Op::Add   ? units::add(x, y)
                                : n.op == Op::Sub ? units::subtract(x, y)
                                : n.op == Op::Mul ? units::multiply(x, y)
                                                  : units::divide(x, y);
    if (!r.ok()) return failure(n.range, arithmetic_error(r.error, x, y));
    return known(View::quantity(r.value));
  }

  static const char* fn_name(Fn f) {
    switch (f) {
      case Fn::Count: return "count";
      case Fn::Sum: return "sum";
      case Fn::Ceil: return "ceil";
      case Fn::Floor: return "floor";
      case Fn::Min: return "min";
      case Fn::Max: return "max";
      case Fn::Unknown: break;
    }
    return "?";
  }

  R call(const Node& n) {
    std::vector<View> args;
    args.reserve(n.b);
    for (std::uint32_t i = 0; i < n.b; ++i) {
      R r = eval(p_.operands_[n.a + i]);
      if (!r.known()) return r;
      args.push_back(r.view);
    }
    const char* f = fn_name(n.fn);
    switch (n.fn) {
      case Fn::Count:
      case Fn::Sum: {
        if (args.size() != 1 || args[0].type != Type::List) return failure(n.range, fmt::format("{}() takes one list", f));
        const auto& items = args[0].ref->items;
        if (n.fn == Fn::Count) return known(View::quantity(units::Quantity::number(static_cast<double>(items.size()))));
        units::Quantity total = units::Quantity::number(0);
        for (std::size_t i = 0; i < items.size(); ++i) {
          if (items[i].type != Type::Quantity) return failure(n.range, "sum() needs a list of quantities");
          if (i == 0) {
            total = items[i].quantity;
            continue;
          }
          auto r = units::add(total, items[i].quantity);
          if (!r.ok()) return failure(n.range, arithmetic_error(r.error, total, items[i].quantity));
          total = r.value;
        }
        return known(View::quantity(total));
      }
      case Fn::Ceil:
      case Fn::Floor: {
        if (args.size() != 1 || args[0].type != Type::Quantity || !args[0].quantity().dimension.dimensionless()) {
          return failure(n.range, fmt::format("{}() takes one plain number", f));
        }
        double v = args[0].quantity().value;
        return known(View::quantity(units::Quantity::number(n.fn == Fn::Ceil ? std::ceil(v) : std::floor(v))));
      }
      case Fn::Min:
      case Fn::Max: {
        if (args.size() == 1 && args[0].type == Type::List) {
          const Value* list = args[0].ref;
          args.clear();
          for (const auto& item : list->items) args.push_back(View::of(item));
        }
        if (args.empty()) return failure(n.range, fmt::format("{}() needs at least one value", f));
        const View* best = nullptr;
        for (const View& a : args) {
          if (a.type != Type::Quantity) return failure(n.range, fmt::format("{}() needs quantities", f));
          if (!best) {
            best = &a;
            continue;
          }
          auto cmp = units::compare(a.quantity(), best->quantity());
          if (!cmp) {
            return failure(n.range, arithmetic_error(units::ArithmeticError::DimensionMismatch, best->quantity(), a.quantity()));
          }
          if (n.fn == Fn::Min ? *cmp < 0 : *cmp > 0) best = &a;
        }
        return known(*best);
      }
      case Fn::Unknown: break;
    }
    return failure(&p_.errors_[n.extra]);
  }

  const CompiledExpr& p_;
  const facts::FactSet& facts_;
  // What the run built: messages of errors found now, and lists of facts. Addresses
  // stay put while results point at them.
  std::vector<std::unique_ptr<Error>> errors_;
  std::vector<std::unique_ptr<Value>> lists_;
};

Outcome CompiledExpr::evaluate(const facts::FactSet& facts) const { return outcome_of(facts, root_); }

Outcome CompiledExpr::outcome_of(const facts::FactSet& facts, std::uint32_t node) const {
  Run run(*this, facts);
  Run::R r = run.eval(node);
  switch (r.state) {
    case Outcome::State::Known: return Outcome::known(r.view.value());
    case Outcome::State::Unknown: return Outcome::unknown(std::string(r.missing));
    case Outcome::State::Error: return Outcome::failure(r.error->range, r.error->message);
  }
  return Outcome::unknown(std::string(r.missing));
}

void CompiledExpr::check_into(const facts::FactSet& facts, Check& out) const {
  Run run(*this, facts);
  out.kind = Check::Kind::Unknown;  // as a fresh Check's
  out.error.clear();
  out.error_range = SourceRange{};
  switch (run.test(root_)) {
    case Run::Tri::True: out.kind = Check::Kind::True; return;
    case Run::Tri::False: out.kind = Check::Kind::False; return;
    case Run::Tri::Unknown: out.kind = Check::Kind::Unknown; return;
    case Run::Tri::Other: break;
  }
  Run::R r = run.eval(root_);
  switch (r.state) {
    case Outcome::State::Known:
      out.kind = r.view.type != Type::Bool ? Check::Kind::NotBool : r.view.boolean() ? Check::Kind::True : Check::Kind::False;
      break;
    case Outcome::State::Unknown: out.kind = Check::Kind::Unknown; break;
    case Outcome::State::Error:
      out.kind = Check::Kind::Error;
      out.error = r.error->message;
      out.error_range = r.error->range;
      break;
  }
}

CompiledExpr::Hole CompiledExpr::append_display(const facts::FactSet& facts, std::string& out, std::string* error) const {
  Run run(*this, facts);
  Run::R r = run.eval(root_);
  switch (r.state) {
    case Outcome::State::Known:
      if (r.view.ref) {
        append_value(*r.view.ref, out);
      } else {
        out += r.view.display();
      }
      return Hole::Known;
    case Outcome::State::Unknown: out += "unknown"; return Hole::Unknown;
    case Outcome::State::Error:
      out += '?';
      if (error) *error = r.error->message;
      return Hole::Error;
  }
  return Hole::Unknown;
}

std::string CompiledExpr::display_of(const facts::FactSet& facts, std::uint32_t node) const {
  return Run::display(Run(*this, facts).eval(node));
}

}  // namespace gpuspec::eval
