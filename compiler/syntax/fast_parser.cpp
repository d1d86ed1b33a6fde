#include "syntax/fast_parser.h"

#include <cmath>
#include <string_view>

#include "GpuSpecLexer.h"
#include "syntax/literals.h"

namespace gpuspec::syntax {

using L = gpuspec_antlr::GpuSpecLexer;

namespace {

constexpr std::size_t kEof = antlr4::Token::EOF;

// Thrown where the input leaves what this parser handles; parse_tokens_fast catches it
// and the ANTLR path takes over. Never escapes this file.
struct GiveUp {};

// Binding strength of a binary operator, as ANTLR numbers the alternatives of `expr`
// (precedence = alternatives - alternative + 1, listed from the tightest): the right
// operand of a left-associative operator is parsed one level tighter. -1: not binary.
int binary_precedence(std::size_t type) {
  switch (type) {
    case L::STAR: case L::SLASH: return 8;
    case L::PLUS: case L::MINUS: return 7;
    case L::DOTDOT: return 6;
    case L::EQ: case L::NE: case L::LT: case L::LE: case L::GT: case L::GE: case L::IN: return 5;
    case L::AND: return 3;
    case L::OR: return 2;
    default: return -1;
  }
}
constexpr int kNegatePrecedence = 9;  // `- a * b` is `(-a) * b`
constexpr int kNotPrecedence = 4;     // `not a == b` is `not (a == b)`, `not a and b` is `(not a) and b`

ast::BinaryOp binary_op(std::size_t type) {
  switch (type) {
    case L::STAR: return ast::BinaryOp::Mul;
    case L::SLASH: return ast::BinaryOp::Div;
    case L::PLUS: return ast::BinaryOp::Add;
    case L::MINUS: return ast::BinaryOp::Sub;
    case L::NE: return ast::BinaryOp::Ne;
    case L::LT: return ast::BinaryOp::Lt;
    case L::LE: return ast::BinaryOp::Le;
    case L::GT: return ast::BinaryOp::Gt;
    case L::GE: return ast::BinaryOp::Ge;
    case L::IN: return ast::BinaryOp::In;
    case L::AND: return ast::BinaryOp::And;
    case L::OR: return ast::BinaryOp::Or;
    case L::DOTDOT: return ast::BinaryOp::Range;
    default: return ast::BinaryOp::Eq;
  }
}

using ast::make_expr;

class FastParser {
 public:
  FastParser(const std::vector<ParserToken>& tokens, const SourceFile& source)
      : tokens_(tokens), text_(source.text()), file_(source.id()) {}

  // file : importDecl* declaration* EOF
  ast::File file() {
    ast::File out;
    out.file = file_;
    while (la() == L::IMPORT) out.imports.push_back(import_decl());
    while (la() != kEof) out.declarations.push_back(declaration());
    return out;
  }

 private:
  std::size_t la(std::size_t ahead = 0) const {
    std::size_t at = position_ + ahead;
    return tokens_[at < tokens_.size() ? at : tokens_.size() - 1].type;
  }
  const ParserToken& current() const { return tokens_[position_]; }
  // The range of the token just consumed: where a rule that ended there stops.
  SourceRange last_range() const { return tokens_[position_ - 1].range; }
  const ParserToken& expect(std::size_t type) {
    if (la() != type) throw GiveUp{};
    return tokens_[position_++];
  }
  std::string_view text_of(const ParserToken& token) const {
    return std::string_view(text_).substr(token.range.begin, token.range.end - token.range.begin);
  }
  std::string text_string(const ParserToken& token) const { return std::string(text_of(token)); }

  // As AstBuilder::string_value; a bad escape is AstBuilder's to report.
  std::string string_value(const ParserToken& token) const {
    std::string_view text = text_of(token);
    if (token.type == L::TRIPLE_STRING) return decode_triple_string(text);
    DecodedString decoded = decode_string(text);
    if (decoded.error) throw GiveUp{};
    return std::move(decoded.value);
  }
  static double number_value(std::string_view text) {
    auto value = parse_number(text);
    if (!value) throw GiveUp{};  // number-overflow, reported by AstBuilder
    return *value;
  }

  // importDecl : IMPORT path=STRING SEMI?
  ast::Import import_decl() {
    SourceRange start = expect(L::IMPORT).range;
    const ParserToken& path = expect(L::STRING);
    if (la() == L::SEMI) ++position_;
    return {string_value(path), path.range, start.to(last_range())};
  }

  // declaration : kind=IDENT name=IDENT body
  ast::Declaration declaration() {
    ast::Declaration decl;
    const ParserToken& kind = expect(L::IDENT);
    const ParserToken& name = expect(L::IDENT);
    decl.kind = text_string(kind);
    decl.kind_range = kind.range;
    decl.name = text_string(name);
    decl.name_range = name.range;
    decl.body = body();
    decl.range = kind.range.to(last_range());
    return decl;
  }

  // body : LBRACE item* RBRACE ;  item : (property | block | waiver) (SEMI | COMMA)?
  ast::Body body() {
    ast::Body out;
    SourceRange open = expect(L::LBRACE).range;
    while (true) {
      std::size_t type = la();
      if (type == L::IDENT && la(1) == L::ASSIGN) {
        out.items.push_back(property());
      } else if (type == L::IDENT && la(1) == L::LBRACE) {
        out.items.push_back(block());
      } else if (type == L::WAIVE) {
        out.items.push_back(waiver());
      } else {
        break;
      }
      if (la() == L::SEMI || la() == L::COMMA) ++position_;
    }
    expect(L::RBRACE);
    out.range = open.to(last_range());
    return out;
  }

  // property : key=IDENT ASSIGN expr. `key = { ... }` (HCL's object attribute) is the
  // block `key { ... }`, as AstBuilder makes it.
  ast::Item property() {
    const ParserToken& key = tokens_[position_];
    position_ += 2;  // key and `=`, seen by the caller
    if (la() == L::LBRACE) {
      auto block = std::make_unique<ast::Block>();
      block->key = text_string(key);
      block->key_range = key.range;
      block->body = body();
      // `key = { ... } + 1`: an object inside an expression, which AstBuilder reports.
      if (binary_precedence(la()) >= 0) throw GiveUp{};
      block->range = key.range.to(last_range());
      return block;
    }
    ast::ExprPtr value = expr(0);
    return ast::Property{text_string(key), key.range, std::move(value), key.range.to(last_range())};
  }

  // block : key=IDENT body
  ast::Item block() {
    const ParserToken& key = tokens_[position_++];
    auto block = std::make_unique<ast::Block>();
    block->key = text_string(key);
    block->key_range = key.range;
    block->body = body();
    block->range = key.range.to(last_range());
    return block;
  }

  // waiver : WAIVE ruleId=IDENT reason=(STRING | TRIPLE_STRING)? (UNTIL ASSIGN until=STRING)?
  ast::Item waiver() {
    ast::Waiver out;
    SourceRange start = expect(L::WAIVE).range;
    const ParserToken& rule = expect(L::IDENT);
    out.rule = text_string(rule);
    out.rule_range = rule.range;
    if (la() == L::STRING || la() == L::TRIPLE_STRING) {
      const ParserToken& reason = tokens_[position_++];
      out.reason = string_value(reason);
      out.reason_range = reason.range;
    }
    if (la() == L::UNTIL) {
      ++position_;
      expect(L::ASSIGN);
      const ParserToken& until = expect(L::STRING);
      out.until = string_value(until);
      out.until_range = until.range;
    }
    out.range = start.to(last_range());
    return out;
  }

  // expr, by precedence climbing over ANTLR's left-recursive rule: a prefix form or an
  // atom, then binary operators binding at least as tightly as `min_precedence`. After
  // a complete expression no item, separator or closing bracket starts with an
  // operator, so an operator always continues the expression, as ANTLR's choice does.
  ast::ExprPtr expr(int min_precedence) {
    ast::ExprPtr lhs = prefix_or_atom();
    while (true) {
      std::size_t type = la();
      int precedence = binary_precedence(type);
      if (precedence < 0 || precedence < min_precedence) return lhs;
      ++position_;
      ast::ExprPtr rhs = expr(precedence + 1);
      SourceRange range = lhs->range.to(rhs->range);
      lhs = make_expr(range, ast::BinaryExpr{binary_op(type), std::move(lhs), std::move(rhs)});
    }
  }

  ast::ExprPtr prefix_or_atom() {
    switch (la()) {
      case L::LPAREN: {
        SourceRange open = current().range;
        ++position_;
        ast::ExprPtr inner = expr(0);
        expect(L::RPAREN);
        return make_expr(open.to(last_range()), ast::ParenExpr{std::move(inner)});
      }
      case L::MINUS:
      case L::NOT: {
        SourceRange op = current().range;
        bool negate = la() == L::MINUS;
        ++position_;
        ast::ExprPtr operand = expr(negate ? kNegatePrecedence : kNotPrecedence);
        SourceRange range = op.to(operand->range);
        return make_expr(range, ast::UnaryExpr{negate ? ast::UnaryOp::Negate : ast::UnaryOp::Not, std::move(operand)});
      }
      default:
        return atom();
    }
  }

  // An IDENT followed by `=` or `{` starts the next item: it is never a unit or the
  // part of `80GB part`, since no expression continues with `=` or `{`.
  bool starts_item(std::size_t at) const { return la(at) == L::IDENT && (la(at + 1) == L::ASSIGN || la(at + 1) == L::LBRACE); }

  ast::ExprPtr atom() {
    const ParserToken& first = tokens_[position_];
    switch (first.type) {
      case L::NUMBER: return number_atom();
      case L::NUMBER_UNIT: {
        ++position_;
        // attachedMultiplicityAtom: count=NUMBER_UNIT ref=IDENT (`4x part`).
        if (la() == L::IDENT && !starts_item(0)) {
          NumberWithSuffix parts = split_number_suffix(text_of(first));
          if (parts.suffix != "x") throw GiveUp{};  // `80GB part`: AstBuilder reports it
          const ParserToken& ref = tokens_[position_++];
          return make_expr(first.range.to(ref.range), ast::Multiplicity{number_value(parts.number), first.range,
                                                                         text_string(ref), ref.range});
        }
        return number_with_suffix(first);
      }
      case L::STRING:
      case L::TRIPLE_STRING:
        ++position_;
        return make_expr(first.range, ast::StringLit{string_value(first)});
      case L::TRUE:
      case L::FALSE:
        ++position_;
        return make_expr(first.range, ast::BoolLit{first.type == L::TRUE});
      case L::IDENT: {
        ++position_;
        if (la() == L::VERSION) {
          const ParserToken& version = tokens_[position_++];
          return make_expr(first.range.to(version.range),
                           ast::VersionedSymbol{text_string(first), std::string(text_of(version).substr(1))});
        }
        if (la() == L::LPAREN) {
          ++position_;
          ast::CallExpr call;
          call.callee = text_string(first);
          call.callee_range = first.range;
          call.args = expr_list(L::RPAREN);
          return make_expr(first.range.to(last_range()), std::move(call));
        }
        return make_expr(first.range, ast::Name{text_string(first)});
      }
      case L::LBRACK: {
        ++position_;
        ast::ListExpr list;
        list.items = expr_list(L::RBRACK);
        return make_expr(first.range.to(last_range()), std::move(list));
      }
      default:
        // `{ ... }` anywhere but a whole property value (AstBuilder reports it), or no atom.
        throw GiveUp{};
    }
  }

  // (expr (COMMA expr)* COMMA?)? and the closing bracket.
  std::vector<ast::ExprPtr> expr_list(std::size_t close) {
    std::vector<ast::ExprPtr> items;
    while (la() != close) {
      items.push_back(expr(0));
      if (la() != L::COMMA) break;
      ++position_;
    }
    expect(close);
    return items;
  }

  // The atoms that start with NUMBER: `4 x part`, `80 GB`, `5 GB/s`, `60 %`, `8`.
  ast::ExprPtr number_atom() {
    const ParserToken& number = tokens_[position_++];
    std::string_view number_text = text_of(number);
    if (la() == L::X) {
      ++position_;
      const ParserToken& ref = expect(L::IDENT);
      return make_expr(number.range.to(ref.range),
                       ast::Multiplicity{number_value(number_text), number.range, text_string(ref), ref.range});
    }
    if (la() == L::PERCENT) {
      ++position_;
      return make_expr(number.range.to(last_range()), ast::PercentLit{number_value(number_text) / 100.0});
    }
    if (la() == L::IDENT && !starts_item(0)) {
      // unit : IDENT (SLASH IDENT)?. `2 GB / s` is ambiguous with `(2 GB) / s`; ANTLR
      // takes the unit (the first alternative), unless the name after `/` goes on as a
      // call or a version, which only the division reading allows.
      const ParserToken& unit = tokens_[position_++];
      std::string unit_text = text_string(unit);
      SourceRange unit_range = unit.range;
      if (la() == L::SLASH && la(1) == L::IDENT && la(2) != L::LPAREN && la(2) != L::VERSION) {
        const ParserToken& per = tokens_[position_ + 1];
        position_ += 2;
        unit_text += '/';
        unit_text += text_of(per);
        unit_range = unit_range.to(per.range);
      }
      return make_expr(number.range.to(unit_range), ast::QuantityLit{number_value(number_text), std::move(unit_text), unit_range});
    }
    return make_expr(number.range, ast::NumberLit{number_value(number_text)});
  }

  // As AstBuilder::build_number_with_suffix: `60%`, `7B`, `80GB`, `24x7`.
  ast::ExprPtr number_with_suffix(const ParserToken& token) {
    std::string_view text = text_of(token);
    SourceRange range = token.range;
    if (is_schedule_symbol(text)) return make_expr(range, ast::Name{std::string(text)});
    NumberWithSuffix parts = split_number_suffix(text);
    double value = number_value(parts.number);
    if (parts.suffix == "%") return make_expr(range, ast::PercentLit{value / 100.0});
    if (parts.suffix.size() == 1 && std::string_view("KMBT").find(parts.suffix[0]) != std::string_view::npos) {
      static constexpr double kScale[] = {1e3, 1e6, 1e9, 1e12};
      double scaled = value * kScale[std::string_view("KMBT").find(parts.suffix[0])];
      if (!std::isfinite(scaled)) throw GiveUp{};
      return make_expr(range, ast::ScaledCountLit{scaled, parts.suffix[0]});
    }
    auto unit_begin = static_cast<std::uint32_t>(range.begin + parts.number.size());
    return make_expr(range, ast::QuantityLit{value, std::string(parts.suffix), {range.file, unit_begin, range.end}});
  }

  const std::vector<ParserToken>& tokens_;
  const std::string& text_;
  FileId file_;
  std::size_t position_ = 0;
};

}  // namespace

std::optional<ast::File> parse_tokens_fast(const std::vector<ParserToken>& tokens, const SourceFile& source) {
  if (tokens.empty() || tokens.back().type != kEof) return std::nullopt;
  try {
    return FastParser(tokens, source).file();
  } catch (const GiveUp&) {
    return std::nullopt;
  }
}

}  // namespace gpuspec::syntax
