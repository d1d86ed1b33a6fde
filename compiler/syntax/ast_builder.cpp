#include "syntax/ast_builder.h"

#include <fmt/format.h>

#include <cmath>

#include "syntax/literals.h"

namespace gpuspec::syntax {

using P = gpuspec_antlr::GpuSpecParser;

namespace {

template <typename T>
ast::ExprPtr make_expr(SourceRange range, T node) {
  auto expr = std::make_unique<ast::Expr>();
  expr->range = range;
  expr->node = std::move(node);
  return expr;
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
  for (auto* imp : file->importDecl()) add_import(out, imp);
  for (auto* decl : file->declaration()) add_declaration(out, decl);
  return out;
}

void AstBuilder::add_import(ast::File& out, P::ImportDeclContext* imp) {
  if (!present(imp->path)) return;
  out.imports.push_back({string_value(imp->path), range_of(imp->path), range_of(imp)});
}

void AstBuilder::add_declaration(ast::File& out, P::DeclarationContext* decl) {
  if (!present(decl->kind) || !present(decl->name) || !decl->body()) return;
  out.declarations.push_back(build_declaration(decl));
}

ast::Declaration AstBuilder::build_declaration(P::DeclarationContext* ctx) {
  ast::Declaration decl;
  decl.kind = token_text(ctx->kind);
  decl.kind_range = range_of(ctx->kind);
  decl.name = token_text(ctx->name);
  decl.name_range = range_of(ctx->name);
  decl.body = build_body(ctx->body());
  decl.range = range_of(ctx);
  return decl;
}

ast::Body AstBuilder::build_body(P::BodyContext* ctx) {
  ast::Body body;
  body.range = range_of(ctx);
  for (auto* item : ctx->item()) {
    if (auto* prop = item->property()) {
      if (!present(prop->key) || !prop->expr()) continue;
      // `key = { ... }` (HCL's object attribute) is the block `key { ... }`.
      if (auto* atom = dynamic_cast<P::AtomExprContext*>(prop->expr())) {
        if (auto* object = dynamic_cast<P::ObjectAtomContext*>(atom->atom()); object && object->body()) {
          auto block = std::make_unique<ast::Block>();
          block->key = prop->key->getText();
          block->key_range = range_of(prop->key);
          block->body = build_body(object->body());
          block->range = range_of(prop);
          body.items.emplace_back(std::move(block));
          continue;
        }
      }
      ast::ExprPtr value = build_expr(prop->expr());
      if (!value) continue;
      body.items.emplace_back(
          ast::Property{prop->key->getText(), range_of(prop->key), std::move(value), range_of(prop)});
    } else if (auto* blk = item->block()) {
      if (!present(blk->key) || !blk->body()) continue;
      auto block = std::make_unique<ast::Block>();
      block->key = blk->key->getText();
      block->key_range = range_of(blk->key);
      block->body = build_body(blk->body());
      block->range = range_of(blk);
      body.items.emplace_back(std::move(block));
    } else if (auto* w = item->waiver()) {
      if (!present(w->ruleId)) continue;
      body.items.emplace_back(build_waiver(w));
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
  if (auto* paren = dynamic_cast<P::ParenExprContext*>(ctx)) {
    auto inner = build_expr(paren->expr());
    if (!inner) return nullptr;
    return make_expr(range, ast::ParenExpr{std::move(inner)});
  }
  if (auto* neg = dynamic_cast<P::NegateExprContext*>(ctx)) {
    auto operand = build_expr(neg->expr());
    if (!operand) return nullptr;
    return make_expr(range, ast::UnaryExpr{ast::UnaryOp::Negate, std::move(operand)});
  }
  if (auto* n = dynamic_cast<P::NotExprContext*>(ctx)) {
    auto operand = build_expr(n->expr());
    if (!operand) return nullptr;
    return make_expr(range, ast::UnaryExpr{ast::UnaryOp::Not, std::move(operand)});
  }
  if (auto* atom = dynamic_cast<P::AtomExprContext*>(ctx)) return build_atom(atom->atom());

  std::vector<P::ExprContext*> operands;
  ast::BinaryOp op{};
  if (auto* m = dynamic_cast<P::MulExprContext*>(ctx)) {
    operands = m->expr();
    op = m->op && m->op->getType() == P::STAR ? ast::BinaryOp::Mul : ast::BinaryOp::Div;
  } else if (auto* a = dynamic_cast<P::AddExprContext*>(ctx)) {
    operands = a->expr();
    op = a->op && a->op->getType() == P::PLUS ? ast::BinaryOp::Add : ast::BinaryOp::Sub;
  } else if (auto* c = dynamic_cast<P::CompareExprContext*>(ctx)) {
    operands = c->expr();
    switch (c->op ? c->op->getType() : static_cast<std::size_t>(P::EQ)) {
      case P::NE: op = ast::BinaryOp::Ne; break;
      case P::LT: op = ast::BinaryOp::Lt; break;
      case P::LE: op = ast::BinaryOp::Le; break;
      case P::GT: op = ast::BinaryOp::Gt; break;
      case P::GE: op = ast::BinaryOp::Ge; break;
      case P::IN: op = ast::BinaryOp::In; break;
      default: op = ast::BinaryOp::Eq; break;
    }
  } else if (auto* an = dynamic_cast<P::AndExprContext*>(ctx)) {
    operands = an->expr();
    op = ast::BinaryOp::And;
  } else if (auto* o = dynamic_cast<P::OrExprContext*>(ctx)) {
    operands = o->expr();
    op = ast::BinaryOp::Or;
  }
  if (operands.size() != 2) return nullptr;
  auto lhs = build_expr(operands[0]);
  auto rhs = build_expr(operands[1]);
  if (!lhs || !rhs) return nullptr;
  return make_expr(range, ast::BinaryExpr{op, std::move(lhs), std::move(rhs)});
}

ast::ExprPtr AstBuilder::build_number_with_suffix(antlr4::Token* token) {
  SourceRange range = range_of(token);
  std::string text = token->getText();
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

ast::ExprPtr AstBuilder::build_atom(P::AtomContext* ctx) {
  if (!ctx) return nullptr;
  SourceRange range = range_of(ctx);
  if (auto* m = dynamic_cast<P::MultiplicityAtomContext*>(ctx)) {
    // Error recovery can build the node without its tokens; the syntax error is reported.
    if (!m->count || !m->ref) return nullptr;
    auto count = number_value(m->count->getText(), range_of(m->count));
    if (!count) return nullptr;
    return make_expr(range, ast::Multiplicity{*count, range_of(m->count), m->ref->getText(), range_of(m->ref)});
  }
  if (auto* m = dynamic_cast<P::AttachedMultiplicityAtomContext*>(ctx)) {
    if (!m->count || !m->ref) return nullptr;
    std::string text = m->count->getText();
    NumberWithSuffix parts = split_number_suffix(text);
    if (parts.suffix != "x") {
      diags_.error("syntax", range_of(m->ref),
                   fmt::format("unexpected name '{}' after '{}'", m->ref->getText(), text))
          .hint = "write a count and a reference as `4 x vendor.part`";
      return nullptr;
    }
    auto count = number_value(parts.number, range_of(m->count));
    if (!count) return nullptr;
    return make_expr(range, ast::Multiplicity{*count, range_of(m->count), m->ref->getText(), range_of(m->ref)});
  }
  if (auto* q = dynamic_cast<P::SpacedQuantityAtomContext*>(ctx)) {
    if (!q->NUMBER() || !q->unit()) return nullptr;
    auto value = number_value(q->NUMBER()->getText(), range_of(q->NUMBER()->getSymbol()));
    if (!value) return nullptr;
    return make_expr(range, ast::QuantityLit{*value, q->unit()->getText(), range_of(q->unit())});
  }
  if (auto* p = dynamic_cast<P::SpacedPercentAtomContext*>(ctx)) {
    if (!p->NUMBER()) return nullptr;
    auto value = number_value(p->NUMBER()->getText(), range);
    if (!value) return nullptr;
    return make_expr(range, ast::PercentLit{*value / 100.0});
  }
  if (auto* q = dynamic_cast<P::QuantityAtomContext*>(ctx)) {
    return q->NUMBER_UNIT() ? build_number_with_suffix(q->NUMBER_UNIT()->getSymbol()) : nullptr;
  }
  if (auto* n = dynamic_cast<P::NumberAtomContext*>(ctx)) {
    if (!n->NUMBER()) return nullptr;
    auto value = number_value(n->NUMBER()->getText(), range);
    if (!value) return nullptr;
    return make_expr(range, ast::NumberLit{*value});
  }
  if (auto* s = dynamic_cast<P::StringAtomContext*>(ctx)) {
    if (!s->STRING()) return nullptr;
    return make_expr(range, ast::StringLit{string_value(s->STRING()->getSymbol())});
  }
  if (auto* s = dynamic_cast<P::TripleStringAtomContext*>(ctx)) {
    if (!s->TRIPLE_STRING()) return nullptr;
    return make_expr(range, ast::StringLit{string_value(s->TRIPLE_STRING()->getSymbol())});
  }
  if (dynamic_cast<P::TrueAtomContext*>(ctx)) return make_expr(range, ast::BoolLit{true});
  if (dynamic_cast<P::FalseAtomContext*>(ctx)) return make_expr(range, ast::BoolLit{false});
  if (auto* v = dynamic_cast<P::VersionedAtomContext*>(ctx)) {
    if (!v->IDENT() || !v->VERSION()) return nullptr;
    return make_expr(range, ast::VersionedSymbol{v->IDENT()->getText(), v->VERSION()->getText().substr(1)});
  }
  if (auto* c = dynamic_cast<P::CallAtomContext*>(ctx)) {
    if (!c->callee) return nullptr;
    ast::CallExpr call;
    call.callee = c->callee->getText();
    call.callee_range = range_of(c->callee);
    for (auto* arg : c->expr()) {
      auto built = build_expr(arg);
      if (!built) return nullptr;
      call.args.push_back(std::move(built));
    }
    return make_expr(range, std::move(call));
  }
  if (auto* n = dynamic_cast<P::NameAtomContext*>(ctx)) {
    return n->IDENT() ? make_expr(range, ast::Name{n->IDENT()->getText()}) : nullptr;
  }
  if (dynamic_cast<P::ObjectAtomContext*>(ctx)) {
    diags_.error("syntax", range, "a { ... } block can only be the whole value of a property")
        .hint = "write the block as `key { ... }` or `key = { ... }`";
    return nullptr;
  }
  if (auto* l = dynamic_cast<P::ListAtomContext*>(ctx)) {
    ast::ListExpr list;
    for (auto* item : l->expr()) {
      auto built = build_expr(item);
      if (!built) return nullptr;
      list.items.push_back(std::move(built));
    }
    return make_expr(range, std::move(list));
  }
  return nullptr;
}

}  // namespace gpuspec::syntax
