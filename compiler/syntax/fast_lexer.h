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

#include <cstdint>
#include <cstddef>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "antlr4-runtime.h"
#include "syntax/utf32_input.h"

namespace gpuspec::syntax {

class FastLexer : public antlr4::TokenSource {
 public:
  explicit FastLexer(Utf32Input& input) : input_(input), text_(input.code_points()) {}

  // The tokens live in chunks the lexer owns (see ArenaToken), so the lexer must
  // outlive every token it returned.
  std::unique_ptr<antlr4::Token> nextToken() override;
  std::unique_ptr<antlr4::CommonToken> next_token();
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
  std::unique_ptr<antlr4::CommonToken> make_token(std::size_t type, std::size_t channel, std::size_t start,
                                                  std::size_t stop, std::size_t line, std::size_t column);

  // Allocating each token on its own was a sixth of the lexer's time and the
  // malloc/free churn after it; the chunks are freed with the lexer.
  std::vector<std::unique_ptr<std::byte[]>> chunks_;
  std::size_t used_in_chunk_ = 0;

  Utf32Input& input_;
  std::u32string_view text_;
  std::size_t position_ = 0;
  std::size_t line_ = 1;
  std::size_t column_ = 0;
};

// One token as plain values: what FastTokenStream holds (whitespace skipped, end of
// file last) without the ANTLR token objects, for clean input, which never reaches
// ANTLR; line and column are left out, as only ANTLR's error messages read them.
// 24 bytes, not 32: a 4 MiB spec has ~1 million tokens (issue 25). Positions fit 32 bits
// as every SourceRange's do; the type stays a size_t, as ANTLR's EOF is size_t(-1).
struct LexedToken {
  std::size_t type;     // the GpuSpecLexer token type
  std::uint32_t start;  // code point index
  std::uint32_t stop;   // inclusive; one before `start` at end of file, as ANTLR has it (wraps at 0)
  bool hidden;          // on the hidden channel: comments and lexemes no rule closes
};

// The longest lexeme at index `at` (not the end) of ASCII text, or of decoded code
// points: one lexeme at a time, for LazyTokens.
FastLexer::Lexeme lex_one(std::string_view ascii_text, std::size_t at);
FastLexer::Lexeme lex_one(std::u32string_view code_points, std::size_t at);
// Whether the grammar sends lexemes of `type` to the hidden channel: comments, and the
// lexemes no rule closes (an unterminated string or comment, a stray character).
bool is_hidden_lexeme(std::size_t type);

// The tokens of ASCII text (byte i is code point i), lexed straight from its bytes.
void lex_ascii(std::string_view text, std::vector<LexedToken>& out);
// The tokens of any text, as decoded code points.
void lex_code_points(std::u32string_view text, std::vector<LexedToken>& out);

// A CommonTokenStream filled by FastLexer in one go: BufferedTokenStream::fetch gets
// each token through a virtual call and sets its index after a dynamic_cast.
class FastTokenStream : public antlr4::CommonTokenStream {
 public:
  explicit FastTokenStream(FastLexer& lexer);  // lexes the whole input
};

}  // namespace gpuspec::syntax
