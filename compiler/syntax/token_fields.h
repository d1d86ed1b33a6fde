// Every field of a lexed token, as plain values, so two lexers' outputs compare with ==:
// the hand-written lexer against ANTLR's generated one, in fast_lexer_test and in the
// lexer_fuzzer target.
#pragma once

#include <cstddef>
#include <ostream>
#include <string>
#include <vector>

#include "antlr4-runtime.h"

namespace gpuspec::syntax {

struct TokenFields {
  std::size_t type, channel, start, stop, line, column, index;
  std::string text;
  bool operator==(const TokenFields&) const = default;
};

// "{type 5, channel 0, 10..13, 2:4, #7, 'gpu='}", for a test's failure message.
inline std::ostream& operator<<(std::ostream& out, const TokenFields& t) {
  return out << "{type " << t.type << ", channel " << t.channel << ", " << t.start << ".." << t.stop << ", "
             << t.line << ":" << t.column << ", #" << t.index << ", '" << t.text << "'}";
}

// The fields of every token in `stream`, which is filled first.
inline std::vector<TokenFields> fields_of(antlr4::BufferedTokenStream& stream) {
  stream.fill();
  std::vector<TokenFields> out;
  for (antlr4::Token* t : stream.getTokens()) {
    out.push_back({t->getType(), t->getChannel(), t->getStartIndex(), t->getStopIndex(), t->getLine(),
                   t->getCharPositionInLine(), t->getTokenIndex(), t->getText()});
  }
  return out;
}

// The fields of every token `source` produces, through the stream the parser would use.
inline std::vector<TokenFields> lex_with(antlr4::TokenSource& source) {
  antlr4::CommonTokenStream stream(&source);
  return fields_of(stream);
}

}  // namespace gpuspec::syntax
