#include "eval/compiled.h"

#include <fmt/format.h>

#include <cmath>
#include <string_view>
#include <utility>

#include "eval/eval_errors.h"
#include "eval/expr_text.h"

namespace gpuspec::eval {

namespace {

using facts::Value;
using Type = Value::Type;
using detail::arithmetic_error;
using detail::type_word;

bool is_literal(const ast::Expr& e) {
  return e.as<ast::NumberLit>() || e.as<ast::ScaledCountLit>() || e.as<ast::QuantityLit>() || e.as<ast::PercentLit>() ||
         e.as<ast::StringLit>() || e.as<ast::BoolLit>() || e.as<ast::VersionedSymbol>() || e.as<ast::ListExpr>() ||
         e.as<ast::Multiplicity>();
}

// Appends what Value::display returns, without the intermediate string for the
// commonest values (symbols, strings, booleans) of message holes and why-notes.
void append_value(const Value& v, std::string& out) {
  switch (v.type) {
    case Type::Symbol: out += v.text; return;
    case Type::String:
      out += '"';
      out += v.text;
      out += '"';
      return;
    case Type::Bool: out += v.boolean ? "true" : "false"; return;
    case Type::Quantity:
    case Type::List: break;
  }
  out += v.display();
}

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
// Compiling

class CompiledExpr::Builder {
 public:
  Builder(CompiledExpr& out, const FactSchema& schema) : out_(out), schema_(schema) {}

  std::uint32_t compile(const ast::Expr& e, bool symbol_ok) {
    std::uint32_t index = node(e, symbol_ok);
    compiled_.emplace_back(&e, index);
    return index;
  }

  // The trace plan, as Tracer::walk visits the tree.
  void plan(const ast::Expr& e) {
    if (const auto* p = e.as<ast::ParenExpr>()) return plan(*p->inner);
    if (const auto* n = e.as<ast::Name>()) return step(true, name_of(e), n->name, e.range);
    if (is_literal(e)) return;
    if (const auto* u = e.as<ast::UnaryExpr>()) {
      if (u->op == ast::UnaryOp::Negate) step(false, node_of(e), expr_text(e), e.range);
      return plan(*u->operand);
    }
    if (const auto* b = e.as<ast::BinaryExpr>()) {
      using BOp = ast::BinaryOp;
      if (b->op == BOp::Add || b->op == BOp::Sub || b->op == BOp::Mul || b->op == BOp::Div) {
        step(false, node_of(e), expr_text(e), e.range);
      }
      plan(*b->lhs);
      plan(*b->rhs);
      return;
    }
    if (const auto* c = e.as<ast::CallExpr>()) {
      step(false, node_of(e), expr_text(e), e.range);
      for (const auto& arg : c->args) plan(*arg);
    }
  }

 private:
  std::uint32_t add(Node n) {
    out_.nodes_.push_back(n);
    return static_cast<std::uint32_t>(out_.nodes_.size() - 1);
  }
  std::uint32_t constant(Value v, SourceRange range) {
    out_.constants_.push_back(std::move(v));
    Node n;
    n.op = Op::Const;
    n.a = static_cast<std::uint32_t>(out_.constants_.size() - 1);
    n.range = range;
    return add(n);
  }
  std::uint32_t error(std::string message, SourceRange range) {
    out_.errors_.push_back({std::move(message), range});
    return static_cast<std::uint32_t>(out_.errors_.size() - 1);
  }
  std::uint32_t fail(std::string message, SourceRange error_range, SourceRange range) {
    Node n;
    n.op = Op::Fail;
    n.a = error(std::move(message), error_range);
    n.range = range;
    return add(n);
  }

  std::uint32_t node(const ast::Expr& e, bool symbol_ok) {
    if (const auto* n = e.as<ast::NumberLit>()) return constant(Value::number(n->value), e.range);
    if (const auto* n = e.as<ast::ScaledCountLit>()) return constant(Value::number(n->value), e.range);
    if (const auto* n = e.as<ast::PercentLit>()) return constant(Value::number(n->value), e.range);
    if (const auto* n = e.as<ast::StringLit>()) return constant(Value::string(n->value), e.range);
    if (const auto* n = e.as<ast::BoolLit>()) return constant(Value::flag(n->value), e.range);
    if (const auto* n = e.as<ast::VersionedSymbol>()) return constant(Value::symbol(n->name + "@" + n->version), e.range);
    if (const auto* q = e.as<ast::QuantityLit>()) {
      const units::Unit* unit = units::find_unit(q->unit);
      if (!unit) return fail(fmt::format("unknown unit '{}'", q->unit), q->unit_range.valid() ? q->unit_range : e.range, e.range);
      auto made = units::make_quantity(q->number, *unit);
      if (!made.ok()) return fail("the quantity is too large", e.range, e.range);
      return constant(Value::of(made.value), e.range);
    }
    if (const auto* n = e.as<ast::Name>()) return name(*n, e.range, symbol_ok);
    if (const auto* p = e.as<ast::ParenExpr>()) {
      Node n;
      n.op = Op::Paren;
      n.a = compile(*p->inner, symbol_ok);
      n.range = e.range;
      return add(n);
    }
    if (const auto* l = e.as<ast::ListExpr>()) return list(*l, e.range, symbol_ok);
    if (const auto* u = e.as<ast::UnaryExpr>()) {
      Node n;
      n.op = u->op == ast::UnaryOp::Not ? Op::Not : Op::Negate;
      n.a = compile(*u->operand, false);
      n.range = e.range;
      return add(n);
    }
    if (const auto* b = e.as<ast::BinaryExpr>()) return binary(*b, e.range);
    if (const auto* c = e.as<ast::CallExpr>()) return call(*c, e.range);
    return fail("a multiplicity is not a value in an expression", e.range, e.range);
  }

  std::uint32_t name(const ast::Name& name, SourceRange range, bool symbol_ok) {
    auto slot = std::make_unique<NameSlot>();
    slot->text = name.name;
    // Slots of the built-in registry, whichever schema decides what is a fact (as the checker does).
    slot->key = facts::FactKey{FactSchema::builtin().id(slot->text), slot->text};
    slot->in_schema = schema_.find(slot->text) != nullptr;
    slot->symbol_ok = symbol_ok;
    if (symbol_ok) {
      out_.constants_.push_back(Value::symbol(slot->text));
      slot->symbol = static_cast<std::uint32_t>(out_.constants_.size() - 1);
    } else {
      slot->error = error(fmt::format("unknown fact '{}'", slot->text), range);
    }
    Node n;
    n.op = Op::Name;
    n.a = static_cast<std::uint32_t>(out_.names_.size());
    n.b = slot->key.id;
    n.in_schema = slot->in_schema;
    out_.names_.push_back(std::move(slot));
    n.range = range;
    return add(n);
  }

  std::uint32_t list(const ast::ListExpr& l, SourceRange range, bool symbol_ok) {
    std::vector<std::uint32_t> items;
    for (const auto& item : l.items) items.push_back(compile(*item, symbol_ok));
    Node n;
    n.op = Op::List;
    n.a = static_cast<std::uint32_t>(out_.operands_.size());
    n.b = static_cast<std::uint32_t>(items.size());
    n.range = range;
    out_.operands_.insert(out_.operands_.end(), items.begin(), items.end());
    // `[fp8, bf16]`: built once. A symbol name is checked at run time to be no fact
    // the set holds by name, as the tree walker looks it up first.
    n.folded = true;
    std::vector<Value> values;
    for (std::uint32_t item : items) {
      const Node& it = out_.nodes_[item];
      if (it.op == Op::Const) {
        values.push_back(out_.constants_[it.a]);
      } else if (it.op == Op::Name && !out_.names_[it.a]->in_schema && out_.names_[it.a]->symbol_ok) {
        values.push_back(out_.constants_[out_.names_[it.a]->symbol]);
      } else {
        n.folded = false;
        break;
      }
    }
    if (n.folded) {
      out_.constants_.push_back(Value::list(std::move(values)));
      n.extra = static_cast<std::uint32_t>(out_.constants_.size() - 1);
    }
    return add(n);
  }

  std::uint32_t binary(const ast::BinaryExpr& b, SourceRange range) {
    using BOp = ast::BinaryOp;
    static constexpr Op kOps[] = {Op::Add, Op::Sub, Op::Mul, Op::Div, Op::Eq, Op::Ne, Op::Lt,
                                  Op::Le,  Op::Gt,  Op::Ge,  Op::And, Op::Or, Op::In};
    Node n;
    n.op = kOps[static_cast<int>(b.op)];
    n.range = range;
    bool symbolic = b.op == BOp::Eq || b.op == BOp::Ne || b.op == BOp::In;
    n.a = compile(*b.lhs, symbolic);
    n.b = compile(*b.rhs, symbolic);
    auto fact_name = [&](const ast::Expr& e) {
      const auto* name = e.as<ast::Name>();
      return name && schema_.find(name->name);
    };
    n.fact_pair = b.op != BOp::And && b.op != BOp::Or && fact_name(*b.lhs) && fact_name(*b.rhs);
    const Node& rhs = out_.nodes_[n.b];
    bool comparison = b.op == BOp::Eq || b.op == BOp::Ne || b.op == BOp::Lt || b.op == BOp::Le || b.op == BOp::Gt ||
                      b.op == BOp::Ge || b.op == BOp::In;
    n.fact_vs_constant = comparison && fact_name(*b.lhs) && (rhs.op == Op::Const || (rhs.op == Op::List && rhs.folded));
    return add(n);
  }

  std::uint32_t call(const ast::CallExpr& c, SourceRange range) {
    std::vector<std::uint32_t> args;
    for (const auto& arg : c.args) args.push_back(compile(*arg, false));
    Node n;
    n.op = Op::Call;
    n.range = range;
    n.a = static_cast<std::uint32_t>(out_.operands_.size());
    n.b = static_cast<std::uint32_t>(args.size());
    out_.operands_.insert(out_.operands_.end(), args.begin(), args.end());
    const std::string& f = c.callee;
    n.fn = f == "count" ? Fn::Count
           : f == "sum" ? Fn::Sum
           : f == "ceil" ? Fn::Ceil
           : f == "floor" ? Fn::Floor
           : f == "min" ? Fn::Min
           : f == "max" ? Fn::Max
                         : Fn::Unknown;
    if (n.fn == Fn::Unknown) n.extra = error(fmt::format("unknown function '{}'", f), c.callee_range.valid() ? c.callee_range : range);
    return add(n);
  }

  std::uint32_t name_of(const ast::Expr& e) const { return out_.nodes_[node_of(e)].a; }
  std::uint32_t node_of(const ast::Expr& e) const {
    for (const auto& [expr, index] : compiled_) {
      if (expr == &e) return index;
    }
    return 0;  // unreachable: every sub-expression was compiled
  }

  void step(bool is_fact, std::uint32_t index, std::string text, SourceRange range) {
    for (const auto& s : out_.trace_) {
      // Seen: the same text is the same name or the same computation, with the same fate.
      if (s.text == text) return;
    }
    out_.trace_.push_back({is_fact, index, std::move(text), range});
  }

  CompiledExpr& out_;
  const FactSchema& schema_;
  std::vector<std::pair<const ast::Expr*, std::uint32_t>> compiled_;
};

CompiledExpr CompiledExpr::compile(const ast::Expr& expr, const FactSchema& schema) {
  CompiledExpr out;
  out.schema_ = &schema;
  Builder builder(out, schema);
  out.root_ = builder.compile(expr, false);
  builder.plan(expr);
  return out;
}

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
        if (const facts::Fact* fact = fact_of(n)) {
          if (fact->value.type != Type::Bool) return Tri::Other;
          return fact->value.boolean ? Tri::True : Tri::False;
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

  // A Name node's fact: by its slot, or by its text when the registry lacks it.
  const facts::Fact* fact_of(const Node& name) const {
    return name.b != facts::kNoFactId ? facts_.find(static_cast<facts::FactId>(name.b)) : facts_.find(p_.names_[name.a]->key);
  }

  R name(const Node& node) {
    if (const facts::Fact* fact = fact_of(node)) return known(View::of(fact->value));
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
        if (const facts::Fact* fact = fact_of(n)) {
          if (fact->value.type != Type::Quantity) return Q::Other;
          out = fact->value.quantity;
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
    const facts::Fact* rhs = fact_of(p_.nodes_[n.b]);
    if (!rhs) {
      out = Tri::Unknown;
      return true;
    }
    const facts::Fact* lhs = fact_of(p_.nodes_[n.a]);
    if (!lhs) {
      out = Tri::Unknown;
      return true;
    }
    bool result = false;
    if (!compare_values(n.op, lhs->value, rhs->value, result)) return false;
    out = result ? Tri::True : Tri::False;
    return true;
  }

  // `gpu.count >= 1`, `workload.precision == fp8`, `gpu.link in [nvlink_bridge, nvswitch]`:
  // what the general path computes, without passing values up; false to take the
  // general path (a type mismatch, a list item the set holds as a fact).
  bool compare_fact(const Node& n, R& out) {
    const Node& lhs = p_.nodes_[n.a];
    const facts::Fact* fact = fact_of(lhs);
    if (!fact) {
      out = unknown(p_.names_[lhs.a]->text);  // the constant on the right is known: the left's Unknown wins
      return true;
    }
    const Value& a = fact->value;
    const Node& rhs = p_.nodes_[n.b];
    const Value* c = nullptr;
    if (rhs.op == Op::Const) {
      c = &p_.constants_[rhs.a];
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

Outcome CompiledExpr::evaluate(const facts::FactSet& facts) const {
  Run run(*this, facts);
  Run::R r = run.eval(root_);
  switch (r.state) {
    case Outcome::State::Known: return Outcome::known(r.view.value());
    case Outcome::State::Unknown: return Outcome::unknown(std::string(r.missing));
    case Outcome::State::Error: return Outcome::failure(r.error->range, r.error->message);
  }
  return Outcome::unknown(std::string(r.missing));
}

Check CompiledExpr::check(const facts::FactSet& facts) const {
  Run run(*this, facts);
  Check out;
  switch (run.test(root_)) {
    case Run::Tri::True: out.kind = Check::Kind::True; return out;
    case Run::Tri::False: out.kind = Check::Kind::False; return out;
    case Run::Tri::Unknown: out.kind = Check::Kind::Unknown; return out;
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
  return out;
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

namespace {

// Where a catalog fact came from, or how a derived one was computed; read only for a
// note that prints it.
std::string explanation_of(const facts::Origin& origin) {
  if (origin.kind == facts::Origin::Kind::Catalog && !origin.entry.empty()) return "from " + origin.entry;
  return origin.explanation;
}

// "gpu.vram_total = 320 GB (4 x 80 GB)": declared facts speak for themselves; anything
// else says where it came from (unless that is the value itself). Built in one string.
std::string fact_text(std::string_view name, const Value& value, const facts::Origin& origin) {
  using Kind = facts::Origin::Kind;
  constexpr std::string_view kFrom = "from ";
  std::string text;
  text.reserve(name.size() + 24);
  text += name;
  text += " = ";
  const std::size_t value_begin = text.size();
  append_value(value, text);
  if (origin.kind == Kind::Declared) return text;
  const std::string_view shown = std::string_view(text).substr(value_begin);
  if (origin.kind == Kind::Catalog && !origin.entry.empty()) {
    if (shown.size() == kFrom.size() + origin.entry.size() && shown.substr(0, kFrom.size()) == kFrom &&
        shown.substr(kFrom.size()) == origin.entry) {
      return text;
    }
    text += " (";
    text += kFrom;
    text += origin.entry;
    text += ')';
    return text;
  }
  const std::string& explanation = origin.explanation;
  if (explanation.empty() || explanation == shown) return text;
  text += " (";
  text += explanation;
  text += ')';
  return text;
}

}  // namespace

std::vector<Term> CompiledExpr::trace(const facts::FactSet& facts) const {
  std::vector<Term> terms;
  terms.reserve(trace_.size());
  for (const auto& step : trace_) {
    if (!step.is_fact) {
      Term t;
      t.expression = step.text;
      t.value = Run::display(Run(*this, facts).eval(step.index));
      t.text = t.expression + " = " + t.value;
      t.range = step.range;
      terms.push_back(std::move(t));
      continue;
    }
    const NameSlot& n = *names_[step.index];
    const facts::Fact* f = facts.find(n.key);
    if (!f && !n.in_schema) continue;  // a symbol literal
    Term t;
    t.expression = n.text;
    t.range = step.range;
    t.is_fact = true;
    if (!f) {
      t.value = "unknown";
      t.text = n.text + " = unknown (the fact does not apply here)";
    } else {
      t.value = f->value.display();
      t.origin = f->origin.range;
      t.origin_kind = f->origin.kind;
      t.explanation = explanation_of(f->origin);
      t.text = fact_text(n.text, f->value, f->origin);
    }
    terms.push_back(std::move(t));
  }
  return terms;
}

void CompiledExpr::append_why_notes(const facts::FactSet& facts, std::vector<DiagnosticNote>& notes) const {
  notes.reserve(notes.size() + trace_.size() + 1);  // + 1: a severity or waiver note may follow
  for (const auto& step : trace_) {
    if (!step.is_fact) {
      std::string value = Run::display(Run(*this, facts).eval(step.index));
      std::string text;
      text.reserve(step.text.size() + 3 + value.size());
      text += step.text;
      text += " = ";
      text += value;
      notes.push_back({std::move(text), {}});
      continue;
    }
    // Only a fact with a place to point at gets a note (a missing one has none).
    const facts::Fact* f = facts.find(names_[step.index]->key);
    if (!f || !f->origin.range.valid()) continue;
    notes.push_back({fact_text(names_[step.index]->text, f->value, f->origin), f->origin.range});
  }
}

Verdict judge(const Check* when, const Check& require) {
  using Kind = Check::Kind;
  if (when) {
    if (when->kind == Kind::Error) return Verdict::Error;
    if (when->kind == Kind::Unknown || when->kind == Kind::False) return Verdict::Silent;
    if (when->kind != Kind::True) return Verdict::Error;
  }
  switch (require.kind) {
    case Kind::Error: return Verdict::Error;
    case Kind::Unknown: return Verdict::Silent;
    case Kind::True: return Verdict::Holds;
    case Kind::False: return Verdict::Violated;
    case Kind::NotBool: return Verdict::Error;
  }
  return Verdict::Error;
}

}  // namespace gpuspec::eval
