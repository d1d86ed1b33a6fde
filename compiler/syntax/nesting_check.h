// The parser recurses once per nesting level, so deep input must be rejected before
// it reaches either parser. Shared by the clean-input path (which only asks whether
// the limits hold) and the ANTLR path (which reports the problem).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "source/source.h"
#include "syntax/fast_parser.h"

namespace gpuspec::syntax {

struct NestingProblem {
  SourceRange range;  // the token that went one level too deep
  std::string message;
};

// The nesting of the visible tokens seen so far, fed one token at a time: the clean
// path lexes as its parser goes and holds no token list to scan (issue 25).
class NestingTracker {
 public:
  // The problem `token` makes, given the tokens before it; nullopt while the limits hold.
  std::optional<NestingProblem> add(const ParserToken& token);

 private:
  int depth_ = 0;
  int expr_depth_ = 0;  // parentheses and brackets only: an expression's own nesting
  int operators_ = 0;   // in the current top-level expression
};

// The first place `tokens` (the parser's visible tokens) nests deeper than kMaxNesting
// brackets or puts more than kMaxOperatorsPerExpression operators into one expression.
std::optional<NestingProblem> find_nesting_problem(const std::vector<ParserToken>& tokens);

}  // namespace gpuspec::syntax
