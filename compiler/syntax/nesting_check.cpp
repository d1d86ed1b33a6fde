#include "syntax/nesting_check.h"

#include <fmt/format.h>

#include "GpuSpecLexer.h"
#include "syntax/parser.h"

namespace gpuspec::syntax {

using L = gpuspec_antlr::GpuSpecLexer;

namespace {

// Operators in one top-level expression. Prefix operators (`- - - 1`, `not not x`)
// make the parser recurse once each, and every binary operator adds a level to the
// tree that the AST builder, sema and the AST's destructor walk recursively, so a
// long chain overflows the stack just as deep brackets do. Counting all operators
// of an expression, at every bracket level, bounds that depth from above. With the
// 200 brackets, 256 keeps an AddressSanitizer -O0 build (about 10 KB of stack per
// parser level) well inside an 8 MB stack; 600 prefix operators inside 199
// parentheses overflowed it.
constexpr int kMaxOperatorsPerExpression = 256;

bool is_operator(std::size_t type) {
  switch (type) {
    case L::MINUS: case L::PLUS: case L::STAR: case L::SLASH: case L::EQ: case L::NE: case L::LT: case L::LE:
    case L::GT: case L::GE: case L::IN: case L::NOT: case L::AND: case L::OR:
      return true;
    default:
      return false;
  }
}

}  // namespace

std::optional<NestingProblem> NestingTracker::add(const ParserToken& token) {
  std::size_t type = token.type;
  switch (type) {
    case L::LBRACE:
    case L::LPAREN:
    case L::LBRACK:
      if (type != L::LBRACE) ++expr_depth_;
      if (++depth_ > kMaxNesting) {
        return NestingProblem{token.range, fmt::format("nesting is deeper than {} levels", kMaxNesting)};
      }
      break;
    case L::RBRACE:
    case L::RPAREN:
    case L::RBRACK:
      if (type != L::RBRACE && expr_depth_ > 0) --expr_depth_;
      if (depth_ > 0) --depth_;
      break;
    default:
      break;
  }
  // A new expression starts after `=`, `;`, `,` or a brace outside any brackets.
  // (An unclosed bracket keeps counting to the end of the file; only hostile or
  // already broken input gets that far.)
  if (expr_depth_ == 0 && (type == L::ASSIGN || type == L::SEMI || type == L::COMMA || type == L::LBRACE ||
                           type == L::RBRACE)) {
    operators_ = 0;
  } else if (is_operator(type) && ++operators_ > kMaxOperatorsPerExpression) {
    return NestingProblem{token.range, fmt::format("expression has more than {} operators; it nests too deeply",
                                                   kMaxOperatorsPerExpression)};
  }
  return std::nullopt;
}

std::optional<NestingProblem> find_nesting_problem(const std::vector<ParserToken>& tokens) {
  NestingTracker tracker;
  for (const ParserToken& token : tokens) {
    if (auto problem = tracker.add(token)) return problem;
  }
  return std::nullopt;
}

}  // namespace gpuspec::syntax
