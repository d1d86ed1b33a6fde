#include "syntax/ast_builder.h"

#include <fmt/format.h>

#include <cmath>

#include "syntax/literals.h"
#include "syntax/parse_tree_kind.h"

namespace gpuspec::syntax {

using P = gpuspec_antlr::GpuSpecParser;

namespace {

using ast::make_expr;

// The typed child accessors this file uses, by kind instead of by dynamic_cast.
P::BodyContext* body_of(antlr4::ParserRuleContext* ctx) { return first_child<P::BodyContext>(ctx, is<NodeKind::Body>); }
P::ExprContext* expr_of(antlr4::ParserRuleContext* ctx) { return first_child<P::ExprContext>(ctx, is_expr); }
std::vector<P::ExprContext*> exprs_of(antlr4::ParserRuleContext* ctx) {
  return children_of<P::ExprContext>(ctx, is_expr);
}

std::string token_text(antlr4::Token* token) { return token ? token->getText() : std::string(); }

// Error recovery conjures tokens ("<missing IDENT>") that are not in the source; an
// item built from one would show up later as a bogus import, name or cascade error.
bool present(antlr4::Token* token) { return token && token->getTokenIndex() != INVALID_INDEX; }

}  // namespace

SourceRange AstBuilder::range_of(antlr4::Token* token) const {
  if (!token) return {source_.id(), 0, 0};
  if (token->getType() == antlr4::Token::EOF) return offsets_.point(token->getStartIndex());
  return offsets_.range(token->getStartIndex(), token->getStopIndex());
}

SourceRange AstBuilder::range_of(antlr4::ParserRuleContext* ctx) const {
  SourceRange start = range_of(ctx->getStart());
  antlr4::Token* stop = ctx->getStop();
  // After error recovery a rule may stop before it started.
  if (!stop || stop->getType() == antlr4::Token::EOF || stop->getTokenIndex() < ctx->getStart()->getTokenIndex()) {
    return start;
  }
  return start.to(range_of(stop));
}

ast::File AstBuilder::build(P::FileContext* file) {
  ast::File out;
  out.file = source_.id();
  for (auto* imp : children_of<P::ImportDeclContext>(file, is<NodeKind::ImportDecl>)) add_import(out, imp);
  for (auto* decl : children_of<P::DeclarationContext>(file, is<NodeKind::Declaration>)) add_declaration(out, decl);
  return out;
}

void AstBuilder::add_import(ast::File& out, P::ImportDeclContext* imp) {
  if (!present(imp->path)) return;
  out.imports.push_back({string_value(imp->path), range_of(imp->path), range_of(imp)});
}

void AstBuilder::add_declaration(ast::File& out, P::DeclarationContext* decl) {
  if (!present(decl->kind) || !present(decl->name) || !body_of(decl)) return;
  out.declarations.push_back(build_declaration(decl));
}

ast::Declaration AstBuilder::build_declaration(P::DeclarationContext* ctx) {
  ast::Declaration decl;
  decl.kind = token_text(ctx->kind);
  decl.kind_range = range_of(ctx->kind);
  decl.name = token_text(ctx->name);
  decl.name_range = range_of(ctx->name);
  decl.body = build_body(body_of(ctx));
  decl.range = range_of(ctx);
  return decl;
}

ast::Body AstBuilder::build_body(P::BodyContext* ctx) {
  ast::Body body;
  body.range = range_of(ctx);
  // An item per child but the two braces (without them after error recovery, a guess).
  body.items.reserve(ctx->children.size() >= 2 ? ctx->children.size() - 2 : 0);
  for (antlr4::tree::ParseTree* child : ctx->children) {
    if (kind_of(child) != NodeKind::Item) continue;
    auto* item = static_cast<P::ItemContext*>(child);
    if (auto* prop = first_child<P::PropertyContext>(item, is<NodeKind::Property>)) {
      P::ExprContext* expr = expr_of(prop);
      if (!present(prop->key) || !expr) continue;
      // `key = { ... }` (HCL's object attribute) is the block `key { ... }`.
      if (kind_of(expr) == NodeKind::AtomExpr) {
        auto* atom = first_child<P::AtomContext>(expr, is_atom);
        P::BodyContext* object_body = atom && kind_of(atom) == NodeKind::ObjectAtom ? body_of(atom) : nullptr;
        if (object_body) {
          auto block = std::make_unique<ast::Block>();
          block->key = prop->key->getText();
          block->key_range = range_of(prop->key);
          block->body = build_body(object_body);
          block->range = range_of(prop);
          body.items.emplace_back(std::move(block));
          continue;
        }
      }
      ast::ExprPtr value = build_expr(expr);
      if (!value) continue;
      body.items.emplace_back(
          ast::Property{.key = prop->key->getText(), .value = std::move(value), .key_range = range_of(prop->key), .range = range_of(prop)});
    } else if (auto* blk = first_child<P::BlockContext>(item, is<NodeKind::Block>)) {
      P::BodyContext* block_body = body_of(blk);
      if (!present(blk->key) || !block_body) continue;
      auto block = std::make_unique<ast::Block>();
      block->key = blk->key->getText();
      block->key_range = range_of(blk->key);
      block->body = build_body(block_body);
      block->range = range_of(blk);
      body.items.emplace_back(std::move(block));
    } else if (auto* w = first_child<P::WaiverContext>(item, is<NodeKind::Waiver>)) {
      if (!present(w->ruleId)) continue;
      body.items.emplace_back(std::make_unique<ast::Waiver>(build_waiver(w)));
    }
  }
  return body;
}

ast::Waiver AstBuilder::build_waiver(P::WaiverContext* ctx) {
  ast::Waiver waiver;
  waiver.rule = ctx->ruleId->getText();
  waiver.rule_range = range_of(ctx->ruleId);
  if (ctx->reason) {
    waiver.reason = string_value(ctx->reason);
    waiver.reason_range = range_of(ctx->reason);
  }
  if (ctx->until) {
    waiver.until = string_value(ctx->until);
    waiver.until_range = range_of(ctx->until);
  }
  waiver.range = range_of(ctx);
  return waiver;
}

std::string AstBuilder::string_value(antlr4::Token* token) {
  std::string text = token->getText();
  if (token->getType() == P::TRIPLE_STRING) return decode_triple_string(text);
  DecodedString decoded = decode_string(text);
  if (decoded.error) {
    SourceRange whole = range_of(token);
    // The literal's bytes are exactly the token's bytes, so offsets inside it carry over.
    SourceRange at{whole.file, whole.begin + static_cast<std::uint32_t>(decoded.error->offset),
                   whole.begin + static_cast<std::uint32_t>(decoded.error->offset + decoded.error->length)};
    diags_.error("invalid-escape", at, decoded.error->message);
  }
  return decoded.value;
}

std::optional<double> AstBuilder::number_value(std::string_view text, SourceRange range) {
  auto value = parse_number(text);
  if (!value) {
    diags_.error("number-overflow", range, fmt::format("number '{}' is too large to represent", text));
  }
  return value;
}

ast::ExprPtr AstBuilder::build_expr(P::ExprContext* ctx) {
  if (!ctx) return nullptr;
  SourceRange range = range_of(ctx);
  ast::BinaryOp op{};
  switch (kind_of(ctx)) {
    case NodeKind::ParenExpr: {
      auto inner = build_expr(expr_of(ctx));
      if (!inner) return nullptr;
      return make_expr(range, ast::ParenExpr{std::move(inner)});
    }
    case NodeKind::NegateExpr:
    case NodeKind::NotExpr: {
      auto operand = build_expr(expr_of(ctx));
      if (!operand) return nullptr;
      auto unary = kind_of(ctx) == NodeKind::NegateExpr ? ast::UnaryOp::Negate : ast::UnaryOp::Not;
      return make_expr(range, ast::UnaryExpr{unary, std::move(operand)});
    }
    case NodeKind::AtomExpr:
      return build_atom(first_child<P::AtomContext>(ctx, is_atom));
    case NodeKind::MulExpr: {
      antlr4::Token* token = static_cast<P::MulExprContext*>(ctx)->op;
      op = token && token->getType() == P::STAR ? ast::BinaryOp::Mul : ast::BinaryOp::Div;
      break;
    }
    case NodeKind::AddExpr: {
      antlr4::Token* token = static_cast<P::AddExprContext*>(ctx)->op;
      op = token && token->getType() == P::PLUS ? ast::BinaryOp::Add : ast::BinaryOp::Sub;
      break;
    }
    case NodeKind::CompareExpr: {
      antlr4::Token* token = static_cast<P::CompareExprContext*>(ctx)->op;
      switch (token ? token->getType() : static_cast<std::size_t>(P::EQ)) {
        case P::NE: op = ast::BinaryOp::Ne; break;
        case P::LT: op = ast::BinaryOp::Lt; break;
        case P::LE: op = ast::BinaryOp::Le; break;
        case P::GT: op = ast::BinaryOp::Gt; break;
        case P::GE: op = ast::BinaryOp::Ge; break;
        case P::IN: op = ast::BinaryOp::In; break;
        default: op = ast::BinaryOp::Eq; break;
      }
      break;
    }
    case NodeKind::RangeExpr: op = ast::BinaryOp::Range; break;
    case NodeKind::AndExpr: op = ast::BinaryOp::And; break;
    case NodeKind::OrExpr: op = ast::BinaryOp::Or; break;
    default: return nullptr;  // no alternative was chosen (error recovery)
  }
  std::vector<P::ExprContext*> operands = exprs_of(ctx);
  if (operands.size() != 2) return nullptr;
  auto lhs = build_expr(operands[0]);
  auto rhs = build_expr(operands[1]);
  if (!lhs || !rhs) return nullptr;
  return make_expr(range, ast::BinaryExpr{op, std::move(lhs), std::move(rhs)});
}

ast::ExprPtr AstBuilder::build_number_with_suffix(antlr4::Token* token) {
  SourceRange range = range_of(token);
  std::string text = token->getText();
  if (is_schedule_symbol(text)) return make_expr(range, ast::Name{text});
  NumberWithSuffix parts = split_number_suffix(text);
  auto value = number_value(parts.number, range);
  if (!value) return nullptr;
  if (parts.suffix == "%") return make_expr(range, ast::PercentLit{*value / 100.0});
  if (parts.suffix.size() == 1 && std::string_view("KMBT").find(parts.suffix[0]) != std::string_view::npos) {
    static constexpr double kScale[] = {1e3, 1e6, 1e9, 1e12};
    double scaled = *value * kScale[std::string_view("KMBT").find(parts.suffix[0])];
    if (!std::isfinite(scaled)) {
      diags_.error("number-overflow", range, fmt::format("count '{}' is too large to represent", text));
      return nullptr;
    }
    return make_expr(range, ast::ScaledCountLit{scaled, parts.suffix[0]});
  }
  auto unit_begin = static_cast<std::uint32_t>(range.begin + parts.number.size());
  return make_expr(range, ast::QuantityLit{*value, std::string(parts.suffix), {range.file, unit_begin, range.end}});
}

// `400k USD`, `80GB part`: a number with a suffix, then a name. A scale (`400k`, `7B`)
// before a unit is the common slip: a scaled count is a plain number and takes no unit,
// so the number is written out (`400000 USD`); that is certain when the name is not
// dotted (parts are `vendor.part`). Anything else reads as a mangled `4 x vendor.part`.
void AstBuilder::report_count_before_name(P::AttachedMultiplicityAtomContext* m, const std::string& text,
                                          const NumberWithSuffix& parts) {
  std::string name = m->ref->getText();
  static constexpr std::string_view kScales = "KMBT";
  std::size_t scale = parts.suffix.size() == 1
                          ? kScales.find(static_cast<char>(std::toupper(static_cast<unsigned char>(parts.suffix[0]))))
                          : std::string_view::npos;
  auto value = scale == std::string_view::npos ? std::nullopt : parse_number(parts.number);
  if (!value || name.find('.') != std::string::npos) {
    diags_.error("syntax", range_of(m->ref), fmt::format("unexpected name '{}' after '{}'", name, text)).hint =
        "write a count and a reference as `4 x vendor.part`";
    return;
  }
  static constexpr double kScale[] = {1e3, 1e6, 1e9, 1e12};
  double scaled = *value * kScale[scale];
  std::string number = scaled == std::floor(scaled) && scaled < 1e18 ? fmt::format("{:.0f}", scaled) : fmt::format("{}", scaled);
  std::string written = fmt::format("{} {}", number, name);
  SourceRange whole = range_of(m->count).to(range_of(m->ref));
  auto& d = diags_.error("syntax", whole,
                         fmt::format("a scaled count such as '{}' is a plain number and takes no unit", text));
  d.hint = fmt::format("write '{}'", written);
  d.fixits.push_back({whole, std::move(written)});
}

ast::ExprPtr AstBuilder::build_atom(P::AtomContext* ctx) {
  if (!ctx) return nullptr;
  SourceRange range = range_of(ctx);
  switch (kind_of(ctx)) {
    case NodeKind::MultiplicityAtom: {
      auto* m = static_cast<P::MultiplicityAtomContext*>(ctx);
      // Error recovery can build the node without its tokens; the syntax error is reported.
      if (!m->count || !m->ref) return nullptr;
      auto count = number_value(m->count->getText(), range_of(m->count));
      if (!count) return nullptr;
      return make_expr(range, ast::Multiplicity{.count = *count, .name = m->ref->getText(), .count_range = range_of(m->count), .name_range = range_of(m->ref)});
    }
    case NodeKind::AttachedMultiplicityAtom: {
      auto* m = static_cast<P::AttachedMultiplicityAtomContext*>(ctx);
      if (!m->count || !m->ref) return nullptr;
      std::string text = m->count->getText();
      NumberWithSuffix parts = split_number_suffix(text);
      if (parts.suffix != "x") {
        report_count_before_name(m, text, parts);
        return nullptr;
      }
      auto count = number_value(parts.number, range_of(m->count));
      if (!count) return nullptr;
      return make_expr(range, ast::Multiplicity{.count = *count, .name = m->ref->getText(), .count_range = range_of(m->count), .name_range = range_of(m->ref)});
    }
    case NodeKind::SpacedQuantityAtom: {
      auto* q = static_cast<P::SpacedQuantityAtomContext*>(ctx);
      auto* unit = first_child<P::UnitContext>(q, is<NodeKind::Unit>);
      if (!q->NUMBER() || !unit) return nullptr;
      auto value = number_value(q->NUMBER()->getText(), range_of(q->NUMBER()->getSymbol()));
      if (!value) return nullptr;
      return make_expr(range, ast::QuantityLit{*value, unit->getText(), range_of(unit)});
    }
    case NodeKind::SpacedPercentAtom: {
      auto* p = static_cast<P::SpacedPercentAtomContext*>(ctx);
      if (!p->NUMBER()) return nullptr;
      auto value = number_value(p->NUMBER()->getText(), range);
      if (!value) return nullptr;
      return make_expr(range, ast::PercentLit{*value / 100.0});
    }
    case NodeKind::QuantityAtom: {
      auto* q = static_cast<P::QuantityAtomContext*>(ctx);
      return q->NUMBER_UNIT() ? build_number_with_suffix(q->NUMBER_UNIT()->getSymbol()) : nullptr;
    }
    case NodeKind::NumberAtom: {
      auto* n = static_cast<P::NumberAtomContext*>(ctx);
      if (!n->NUMBER()) return nullptr;
      auto value = number_value(n->NUMBER()->getText(), range);
      if (!value) return nullptr;
      return make_expr(range, ast::NumberLit{*value});
    }
    case NodeKind::StringAtom: {
      auto* s = static_cast<P::StringAtomContext*>(ctx);
      if (!s->STRING()) return nullptr;
      return make_expr(range, ast::StringLit{string_value(s->STRING()->getSymbol())});
    }
    case NodeKind::TripleStringAtom: {
      auto* s = static_cast<P::TripleStringAtomContext*>(ctx);
      if (!s->TRIPLE_STRING()) return nullptr;
      return make_expr(range, ast::StringLit{string_value(s->TRIPLE_STRING()->getSymbol())});
    }
    case NodeKind::TrueAtom: return make_expr(range, ast::BoolLit{true});
    case NodeKind::FalseAtom: return make_expr(range, ast::BoolLit{false});
    case NodeKind::VersionedAtom: {
      auto* v = static_cast<P::VersionedAtomContext*>(ctx);
      if (!v->IDENT() || !v->VERSION()) return nullptr;
      return make_expr(range, ast::VersionedSymbol{v->IDENT()->getText(), v->VERSION()->getText().substr(1)});
    }
    case NodeKind::CallAtom: {
      auto* c = static_cast<P::CallAtomContext*>(ctx);
      if (!c->callee) return nullptr;
      ast::CallExpr call;
      call.callee = c->callee->getText();
      call.set_callee_range(range_of(c->callee));
      for (auto* arg : exprs_of(c)) {
        auto built = build_expr(arg);
        if (!built) return nullptr;
        call.args.push_back(std::move(built));
      }
      return make_expr(range, std::move(call));
    }
    case NodeKind::NameAtom: {
      auto* n = static_cast<P::NameAtomContext*>(ctx);
      return n->IDENT() ? make_expr(range, ast::Name{n->IDENT()->getText()}) : nullptr;
    }
    case NodeKind::ObjectAtom:
      diags_.error("syntax", range, "a { ... } block can only be the whole value of a property")
          .hint = "write the block as `key { ... }` or `key = { ... }`";
      return nullptr;
    case NodeKind::ListAtom: {
      ast::ListExpr list;
      for (auto* item : exprs_of(ctx)) {
        auto built = build_expr(item);
        if (!built) return nullptr;
        list.items.push_back(std::move(built));
      }
      return make_expr(range, std::move(list));
    }
    default:
      return nullptr;  // no alternative was chosen (error recovery)
  }
}

}  // namespace gpuspec::syntax
