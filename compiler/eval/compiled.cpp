// Compiling a policy expression into a CompiledExpr (the flat program the lint engine
// runs): names bound to fact slots, literals folded, the trace planned. Running it is
// compiled_run.cpp; its trace and why-notes are compiled_trace.cpp.
#include "eval/compiled.h"

#include <fmt/format.h>

#include <utility>

#include "eval/eval_errors.h"
#include "eval/expr_text.h"

namespace gpuspec::eval {

namespace {

using facts::Value;

bool is_literal(const ast::Expr& e) {
  return e.as<ast::NumberLit>() || e.as<ast::ScaledCountLit>() || e.as<ast::QuantityLit>() || e.as<ast::PercentLit>() ||
         e.as<ast::StringLit>() || e.as<ast::BoolLit>() || e.as<ast::VersionedSymbol>() || e.as<ast::ListExpr>() ||
         e.as<ast::Multiplicity>();
}

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

  // The root's sides when it is an ordering (`a >= b`, through parentheses).
  void plan_sides(const ast::Expr& e) {
    if (const auto* p = e.as<ast::ParenExpr>()) return plan_sides(*p->inner);
    const auto* b = e.as<ast::BinaryExpr>();
    if (!b) return;
    using BOp = ast::BinaryOp;
    const bool at_least = b->op == BOp::Ge || b->op == BOp::Gt;
    if (!at_least && b->op != BOp::Le && b->op != BOp::Lt) return;
    const ast::Expr& need = at_least ? *b->rhs : *b->lhs;
    out_.sides_ = OrderedSides{node_of(at_least ? *b->lhs : *b->rhs), node_of(need), expr_text(need)};
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
    if (b.op == BOp::Range) return fail(detail::kRangeNotAValue, range, range);
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
    // A symbol (`fp8`, `nvidia.a100_80gb_sxm`) is a Name node: constant unless the set
    // holds a fact by its name, which compare_fact checks before using it.
    const bool symbol = rhs.op == Op::Name && !rhs.in_schema && out_.names_[rhs.a]->symbol_ok;
    n.fact_vs_constant = comparison && fact_name(*b.lhs) && (rhs.op == Op::Const || (rhs.op == Op::List && rhs.folded) || symbol);
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
    if (n.fn == Fn::Unknown) n.extra = error(fmt::format("unknown function '{}'", f), range.valid() ? c.callee_range(range.file) : range);
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

void CompiledExpr::collect_reads(std::vector<facts::FactKey>& out) const {
  for (const auto& name : names_) out.push_back(name->key);
}

CompiledExpr CompiledExpr::compile(const ast::Expr& expr, const FactSchema& schema) {
  CompiledExpr out;
  out.schema_ = &schema;
  Builder builder(out, schema);
  out.root_ = builder.compile(expr, false);
  builder.plan(expr);
  builder.plan_sides(expr);
  return out;
}

}  // namespace gpuspec::eval
