#include "syntax/fast_parser.h"

#include <cmath>
#include <deque>
#include <iterator>
#include <string_view>

#include "GpuSpecLexer.h"
#include "syntax/lazy_tokens.h"
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

// The tokens of a vector (the ANTLR path's, after its repairs), as FastParser reads
// them: end of file for any index past the end.
class VectorTokens {
 public:
  explicit VectorTokens(const std::vector<ParserToken>& tokens) : tokens_(tokens) {}
  const ParserToken& get(std::size_t index) const { return tokens_[index < tokens_.size() ? index : tokens_.size() - 1]; }

 private:
  const std::vector<ParserToken>& tokens_;
};

// `Tokens` is VectorTokens or LazyTokens. The parser reads at most one token behind
// and three ahead of its position, and copies a token it keeps longer: LazyTokens
// keeps only a few (lazy_tokens.h).
template <typename Tokens>
class FastParser {
 public:
  FastParser(Tokens& tokens, const SourceFile& source) : tokens_(tokens), text_(source.text()), file_(source.id()) {}

  // file : importDecl* declaration* EOF
  ast::File file() {
    ast::File out;
    out.file = file_;
    while (la() == L::IMPORT) out.imports.push_back(import_decl());
    while (la() != kEof) out.declarations.push_back(declaration());
    return out;
  }

 private:
  std::size_t la(std::size_t ahead = 0) {
    return tokens_.get(position_ + ahead).type;
  }
  const ParserToken& current() { return tokens_.get(position_); }
  // The range of the token just consumed: where a rule that ended there stops.
  SourceRange last_range() { return tokens_.get(position_ - 1).range; }
  ParserToken expect(std::size_t type) {
    if (la() != type) throw GiveUp{};
    return tokens_.get(position_++);
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
    ParserToken path = expect(L::STRING);
    if (la() == L::SEMI) ++position_;
    return {string_value(path), path.range, start.to(last_range())};
  }

  // declaration : kind=IDENT name=IDENT body
  ast::Declaration declaration() {
    ast::Declaration decl;
    ParserToken kind = expect(L::IDENT);
    ParserToken name = expect(L::IDENT);
    decl.kind = text_string(kind);
    decl.kind_range = kind.range;
    decl.name = text_string(name);
    decl.name_range = name.range;
    decl.body = body();
    decl.range = kind.range.to(last_range());
    return decl;
  }

  // body : LBRACE item* RBRACE ;  item : (property | block | waiver) (SEMI | COMMA)?
  // The items are gathered in a vector kept for this nesting level and then moved to
  // one of their exact size: grown one by one, a body's vector had room for up to twice
  // its items, for the life of the tree (issue 25).
  ast::Body body() {
    ast::Body out;
    SourceRange open = expect(L::LBRACE).range;
    if (depth_ == scratch_.size()) scratch_.emplace_back();
    std::vector<ast::Item>& items = scratch_[depth_++];  // a deque: stays put as deeper levels are added
    while (true) {
      std::size_t type = la();
      if (type == L::IDENT && la(1) == L::ASSIGN) {
        items.push_back(property());
      } else if (type == L::IDENT && la(1) == L::LBRACE) {
        items.push_back(block());
      } else if (type == L::WAIVE) {
        items.push_back(waiver());
      } else {
        break;
      }
      if (la() == L::SEMI || la() == L::COMMA) ++position_;
    }
    expect(L::RBRACE);
    out.items.assign(std::make_move_iterator(items.begin()), std::make_move_iterator(items.end()));
    items.clear();
    --depth_;
    out.range = open.to(last_range());
    return out;
  }

  // property : key=IDENT ASSIGN expr. `key = { ... }` (HCL's object attribute) is the
  // block `key { ... }`, as AstBuilder makes it.
  ast::Item property() {
    ParserToken key = tokens_.get(position_);
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
    return ast::Property{.key = text_string(key), .value = std::move(value), .key_range = key.range, .range = key.range.to(last_range())};
  }

  // block : key=IDENT body
  ast::Item block() {
    ParserToken key = tokens_.get(position_++);
    auto block = std::make_unique<ast::Block>();
    block->key = text_string(key);
    block->key_range = key.range;
    block->body = body();
    block->range = key.range.to(last_range());
    return block;
  }

  // waiver : WAIVE ruleId=IDENT reason=(STRING | TRIPLE_STRING)? (UNTIL ASSIGN until=STRING)?
  ast::Item waiver() {
    auto waiver = std::make_unique<ast::Waiver>();
    ast::Waiver& out = *waiver;
    SourceRange start = expect(L::WAIVE).range;
    ParserToken rule = expect(L::IDENT);
    out.rule = text_string(rule);
    out.rule_range = rule.range;
    if (la() == L::STRING || la() == L::TRIPLE_STRING) {
      ParserToken reason = tokens_.get(position_++);
      out.reason = string_value(reason);
      out.reason_range = reason.range;
    }
    if (la() == L::UNTIL) {
      ++position_;
      expect(L::ASSIGN);
      ParserToken until = expect(L::STRING);
      out.until = string_value(until);
      out.until_range = until.range;
    }
    out.range = start.to(last_range());
    return waiver;
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
  bool starts_item(std::size_t at) { return la(at) == L::IDENT && (la(at + 1) == L::ASSIGN || la(at + 1) == L::LBRACE); }

  ast::ExprPtr atom() {
    ParserToken first = tokens_.get(position_);
    switch (first.type) {
      case L::NUMBER: return number_atom();
      case L::NUMBER_UNIT: {
        ++position_;
        // attachedMultiplicityAtom: count=NUMBER_UNIT ref=IDENT (`4x part`).
        if (la() == L::IDENT && !starts_item(0)) {
          NumberWithSuffix parts = split_number_suffix(text_of(first));
          if (parts.suffix != "x") throw GiveUp{};  // `80GB part`: AstBuilder reports it
          ParserToken ref = tokens_.get(position_++);
          return make_expr(first.range.to(ref.range), ast::Multiplicity{.count = number_value(parts.number), .name = text_string(ref),
                                                                         .count_range = first.range, .name_range = ref.range});
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
          ParserToken version = tokens_.get(position_++);
          return make_expr(first.range.to(version.range),
                           ast::VersionedSymbol{text_string(first), std::string(text_of(version).substr(1))});
        }
        if (la() == L::LPAREN) {
          ++position_;
          ast::CallExpr call;
          call.callee = text_string(first);
          call.set_callee_range(first.range);
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
    ParserToken number = tokens_.get(position_++);
    std::string_view number_text = text_of(number);
    if (la() == L::X) {
      ++position_;
      ParserToken ref = expect(L::IDENT);
      return make_expr(number.range.to(ref.range),
                       ast::Multiplicity{.count = number_value(number_text), .name = text_string(ref), .count_range = number.range, .name_range = ref.range});
    }
    if (la() == L::PERCENT) {
      ++position_;
      return make_expr(number.range.to(last_range()), ast::PercentLit{number_value(number_text) / 100.0});
    }
    if (la() == L::IDENT && !starts_item(0)) {
      // unit : IDENT (SLASH IDENT)?. `2 GB / s` is ambiguous with `(2 GB) / s`; ANTLR
      // takes the unit (the first alternative), unless the name after `/` goes on as a
      // call or a version, which only the division reading allows.
      ParserToken unit = tokens_.get(position_++);
      std::string unit_text = text_string(unit);
      SourceRange unit_range = unit.range;
      if (la() == L::SLASH && la(1) == L::IDENT && la(2) != L::LPAREN && la(2) != L::VERSION) {
        ParserToken per = tokens_.get(position_ + 1);
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

  Tokens& tokens_;
  const std::string& text_;
  FileId file_;
  std::size_t position_ = 0;
  std::deque<std::vector<ast::Item>> scratch_;  // body()'s, by nesting level
  std::size_t depth_ = 0;
};

template <typename Tokens>
std::optional<ast::File> parse_with(Tokens& tokens, const SourceFile& source) {
  try {
    return FastParser<Tokens>(tokens, source).file();
  } catch (const GiveUp&) {
    return std::nullopt;
  }
}

}  // namespace

std::optional<ast::File> parse_tokens_fast(const std::vector<ParserToken>& tokens, const SourceFile& source) {
  if (tokens.empty() || tokens.back().type != kEof) return std::nullopt;
  VectorTokens vector(tokens);
  return parse_with(vector, source);
}

std::optional<ast::File> parse_tokens_fast(LazyTokens& tokens, const SourceFile& source) {
  return parse_with(tokens, source);
}

}  // namespace gpuspec::syntax
