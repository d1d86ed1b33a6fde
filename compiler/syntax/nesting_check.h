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

// The first place `tokens` (the parser's visible tokens) nests deeper than kMaxNesting
// brackets or puts more than kMaxOperatorsPerExpression operators into one expression.
std::optional<NestingProblem> find_nesting_problem(const std::vector<ParserToken>& tokens);

}  // namespace gpuspec::syntax
