// A hand-written lexer for the .gpuspec grammar. It produces exactly the tokens the
// ANTLR-generated GpuSpecLexer produces (type, channel, start/stop index, line, column,
// text) for every input, about ten times faster: the generated lexer simulates its ATN
// through a DFA cache guarded by locks, and that was 40 % of a check. GpuSpecLexer stays
// in the build as the reference; fast_lexer_test.cpp compares the two on every .gpuspec
// file in the repository and on generated input.
//
// When grammar/GpuSpec.g4 changes a lexer rule, this file must change with it (the
// differential test fails until it does).
#pragma once

#include <cstddef>
#include <memory>
#include <string>
#include <string_view>

#include "antlr4-runtime.h"
#include "syntax/utf32_input.h"

namespace gpuspec::syntax {

class FastLexer : public antlr4::TokenSource {
 public:
  explicit FastLexer(Utf32Input& input) : input_(input), text_(input.code_points()) {}

  std::unique_ptr<antlr4::Token> nextToken() override;
  std::size_t getLine() const override { return line_; }
  std::size_t getCharPositionInLine() override { return column_; }
  antlr4::CharStream* getInputStream() override { return &input_; }
  std::string getSourceName() override { return input_.getSourceName(); }
  antlr4::TokenFactory<antlr4::CommonToken>* getTokenFactory() override;

  // The longest lexeme at code point `at` (not at the end), as the grammar's rules
  // choose it: the longest match, ties to the rule listed first.
  struct Lexeme {
    std::size_t type;
    std::size_t end;  // one past the last code point
  };
  Lexeme lexeme_at(std::size_t at) const;

 private:
  void advance_to(std::size_t end);

  Utf32Input& input_;
  std::u32string_view text_;
  std::size_t position_ = 0;
  std::size_t line_ = 1;
  std::size_t column_ = 0;
};

}  // namespace gpuspec::syntax
