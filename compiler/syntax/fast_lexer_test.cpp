// The hand-written lexer against the ANTLR-generated one it replaces: both lex every
// committed .gpuspec file and a large set of generated inputs, and the token streams
// must agree field by field (type, channel, start/stop index, line, column, text,
// token index). Any rule of grammar/GpuSpec.g4 the hand-written lexer gets wrong shows
// up here with the input that exposes it.
#include "syntax/fast_lexer.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "GpuSpecLexer.h"
#include "source/utf8.h"
#include "syntax/test_inputs.h"
#include "syntax/token_fields.h"

namespace gpuspec::syntax {
namespace {

std::string printable(const std::string& text) { return test_support::escaped_bytes(text); }

// Whether the plain tokens are the stream's (type, channel, start, stop, in order). Plain
// positions are 32 bits: an end of file at 0 has its stop wrapped to 0xffffffff.
bool same_plain_tokens(const std::vector<LexedToken>& plain, const std::vector<TokenFields>& stream) {
  if (plain.size() != stream.size()) return false;
  for (std::size_t i = 0; i < plain.size(); ++i) {
    std::size_t channel = plain[i].hidden ? antlr4::Token::HIDDEN_CHANNEL : antlr4::Token::DEFAULT_CHANNEL;
    if (plain[i].type != stream[i].type || channel != stream[i].channel || plain[i].start != stream[i].start ||
        plain[i].stop != static_cast<std::uint32_t>(stream[i].stop)) {
      return false;
    }
  }
  return true;
}

// True when both lexers produce the same tokens; reports the first difference.
::testing::AssertionResult same_tokens(const std::string& utf8) {
  Utf32Input reference_input(utf8);
  gpuspec_antlr::GpuSpecLexer reference(&reference_input);
  reference.removeErrorListeners();
  std::vector<TokenFields> expected = lex_with(reference);
  Utf32Input fast_input(utf8);
  FastLexer fast(fast_input);
  std::vector<TokenFields> actual = lex_with(fast);
  // The stream the parser reads, filled in one go, must hold the same tokens.
  Utf32Input stream_input(utf8);
  FastLexer stream_lexer(stream_input);
  FastTokenStream stream(stream_lexer);
  if (fields_of(stream) != actual) {
    return ::testing::AssertionFailure() << "input \"" << printable(utf8) << "\": FastTokenStream differs";
  }
  // The plain tokens of the clean-input path: the same lexemes without ANTLR objects,
  // from the code points and, for ASCII text, from the bytes.
  std::vector<LexedToken> plain;
  lex_code_points(stream_input.code_points(), plain);
  if (!same_plain_tokens(plain, actual)) {
    return ::testing::AssertionFailure() << "input \"" << printable(utf8) << "\": lex_code_points differs";
  }
  if (std::all_of(utf8.begin(), utf8.end(), [](char c) { return static_cast<unsigned char>(c) < 0x80; })) {
    plain.clear();
    lex_ascii(utf8, plain);
    if (!same_plain_tokens(plain, actual)) {
      return ::testing::AssertionFailure() << "input \"" << printable(utf8) << "\": lex_ascii differs";
    }
  }
  for (std::size_t i = 0; i < std::max(expected.size(), actual.size()); ++i) {
    if (i >= expected.size() || i >= actual.size() || !(expected[i] == actual[i])) {
      ::testing::AssertionResult failure = ::testing::AssertionFailure();
      failure << "input \"" << printable(utf8) << "\": token " << i << ": ";
      if (i < expected.size()) failure << "ANTLR " << expected[i] << " ";
      if (i < actual.size()) failure << "fast " << actual[i];
      return failure;
    }
  }
  return ::testing::AssertionSuccess();
}

std::vector<std::string> committed_files() { return test_support::committed_gpuspec_files(); }

TEST(FastLexerTest, MatchesAntlrOnEveryCommittedFile) {
  auto files = committed_files();
  ASSERT_GT(files.size(), 300u);  // the folders moved if this fails
  int checked = 0;
  for (const auto& path : files) {
    std::ifstream in(path, std::ios::binary);
    std::stringstream text;
    text << in.rdbuf();
    // Files that are deliberately not UTF-8 never reach a lexer.
    if (utf8::first_invalid(text.str()) || text.str().find('\0') != std::string::npos) continue;
    EXPECT_TRUE(same_tokens(text.str())) << path;
    ++checked;
  }
  EXPECT_GT(checked, 300);
}

TEST(FastLexerTest, MatchesAntlrOnEdgeCases) {
  for (const char* text : {
           "", " ", "\n", "a", "x", "xx", "x.y", "in", "inx", "in-x", "and.or", "import", "imports", "a.", "a.b.",
           "a..b", "a.1b", "a._b", "a.-b", "_", "-", "a-b", "a - b", "1", "12", "1.", "1.5", "1.5.3", "1..2", "1e",
           "1e5", "1E5", "1e+", "1e+5", "1e-5x", "1e5GB", "1e+5GB", "1.5e3MB/s", "5GB/s", "5GB/", "5GB/s2",
           "5GB/5", "60%", "60 %", "4x", "7B", "80gb_sxm", "1e%", "1e5%", "@", "@2.3", "@a", "@-", "@2.3-rc+1_x",
           "pytorch@2.3", "\"\"", "\"a\"", "\"a", "\"a\\\"", "\"a\\", "\"a\\\n\"", "\"a\nb\"", "\"\\u{1F600}\"",
           "\"\"\"", "\"\"\"\"", "\"\"\"\"\"", "\"\"\"\"\"\"", "\"\"\"\"\"\"\"", "\"\"\"a\"\"\"", "\"\"\"a\"\"\"\"",
           "\"\"\"\"a\"\"\"", "\"\"\"a\"", "\"\"\"a\"\"", "\"\"\"\na\n  b\n\"\"\"", "#", "# c\nx", "#\r\nx", "//",
           "// c", "/", "/*", "/**", "/*/", "/**/", "/*a*/", "/* a ** b */", "/*a*", "/*a**", "/*a*b", "= == ===",
           "!", "!=", "!==", "<", "<=", "<==", ">", ">=", "+-*/%;,", "{}()[]", ":", "\u00D7", "4\u00D7 a",
           "\uFEFFa", "\u00A0", "\u3000", "\U0001F600", "a\u00E9", "\"\u00E9\"", "\t\f\v\r\n", "a\rb", "\x01",
           "\x7F", "\\", "'", "`", "$", "?", "&", "|", "^", "~", ".", ".5", "a\n\n  b", "\r\n\r\n", "..", "...",
           "....", "1...2", "1.5..2", "USD..15000", "12000USD..15000USD", "a.b..c", ".. 2", "1 .. 2 USD",
           // Every keyword, and words one letter off each (shorter, longer, another first
           // or last letter, capitals): the keyword look-up goes by the first letter.
           "import", "impor", "importx", "Import", "jmport", "waive", "waiv", "waived", "until", "untilx", "unti",
           "true", "tru", "truex", "trUe", "false", "fals", "falsey", "and", "an", "andx", "or", "o", "orx", "not",
           "no", "note", "nots", "in", "i", "inn", "x", "y", "xa", "ix", "wx", "u", "t", "f", "a", "n", "w",
       }) {
    EXPECT_TRUE(same_tokens(text));
  }
  // NUL never reaches the lexer (the parser rejects it first), but the lexer must not care.
  EXPECT_TRUE(same_tokens(std::string("a\0b", 3)));
}

// Fragments that start, end or straddle every lexer rule; random strings of them find
// the combinations no hand-written case thought of.
const std::vector<std::string>& fragments() {
  static const std::vector<std::string> kFragments = {
      "a", "x", "e", "E", "Z", "_", "-", "+", ".", "1", "0", "9", "@", "%", "/", "*", "#", "\"", "\\", "\n", "\r",
      " ", "\t", "=", "!", "<", ">", "{", "}", "(", ")", "[", "]", ";", ",", ":", "u", "{", "\u00D7", "\u00E9",
      "\uFEFF", "\U0001F600", "\"\"\"", "/*", "*/", "//", "in", "x ", "1e", "GB", "s", "ab", "\v", "\f"};
  return kFragments;
}

TEST(FastLexerTest, MatchesAntlrOnGeneratedStrings) {
  std::mt19937 random(20261201);  // fixed: a failure must reproduce
  const auto& parts = fragments();
  std::uniform_int_distribution<std::size_t> pick(0, parts.size() - 1);
  std::uniform_int_distribution<int> length(0, 24);
  int failures = 0;
  for (int i = 0; i < 20000 && failures < 10; ++i) {
    std::string text;
    for (int k = length(random); k > 0; --k) text += parts[pick(random)];
    if (!same_tokens(text)) {
      ADD_FAILURE() << same_tokens(text).message();
      ++failures;
    }
  }
}

TEST(FastLexerTest, MatchesAntlrOnEveryPairAndTripleOfFragments) {
  const auto& parts = fragments();
  int failures = 0;
  for (const auto& a : parts) {
    for (const auto& b : parts) {
      if (!same_tokens(a + b) && ++failures <= 10) ADD_FAILURE() << same_tokens(a + b).message();
      for (const auto& c : parts) {
        if (!same_tokens(a + b + c) && ++failures <= 10) ADD_FAILURE() << same_tokens(a + b + c).message();
      }
    }
  }
}

}  // namespace
}  // namespace gpuspec::syntax
