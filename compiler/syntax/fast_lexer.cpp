#include "syntax/fast_lexer.h"

#include <algorithm>

#include "GpuSpecLexer.h"

namespace gpuspec::syntax {

using L = gpuspec_antlr::GpuSpecLexer;

namespace {

constexpr bool is_letter(char32_t c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
constexpr bool is_digit(char32_t c) { return c >= '0' && c <= '9'; }
constexpr bool is_alnum(char32_t c) { return is_letter(c) || is_digit(c); }
constexpr bool is_ident_part(char32_t c) { return is_alnum(c) || c == '_' || c == '-'; }
// is_ident_part for each byte value.
struct IdentPartTable {
  bool of[256] = {};
  constexpr IdentPartTable() {
    for (unsigned c = 0; c < 256; ++c) of[c] = is_ident_part(c);
  }
};
constexpr IdentPartTable kIdentPart;
bool is_whitespace(char32_t c) {
  return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\f' || c == 0x0B || c == 0xFEFF;
}

// The keywords are rules listed before IDENT: an identifier spelled exactly like one
// (same length, so the first rule wins) is the keyword.
template <typename Char>
std::size_t keyword_or_ident(std::basic_string_view<Char> word) {
  static constexpr struct {
    std::string_view text;
    std::size_t type;
  } kKeywords[] = {{"import", L::IMPORT}, {"waive", L::WAIVE}, {"until", L::UNTIL}, {"true", L::TRUE},
                   {"false", L::FALSE},   {"and", L::AND},     {"or", L::OR},       {"not", L::NOT},
                   {"in", L::IN},         {"x", L::X}};
  if (word.size() > 6 || word.empty()) return L::IDENT;
  // The length and the first letter decide before the letters are compared (every
  // identifier of six letters or fewer was compared with all ten, issue 28).
  const auto first = static_cast<char32_t>(word[0]);
  for (const auto& keyword : kKeywords) {
    if (keyword.text.size() == word.size() && static_cast<char32_t>(keyword.text[0]) == first &&
        std::equal(word.begin() + 1, word.end(), keyword.text.begin() + 1,
                   [](Char a, char b) { return static_cast<char32_t>(a) == static_cast<char32_t>(b); })) {
      return keyword.type;
    }
  }
  return L::IDENT;
}

// Where the ASCII `needle` next occurs in `text` from `from`, or npos.
template <typename Char>
std::size_t find_ascii(std::basic_string_view<Char> text, std::string_view needle, std::size_t from) {
  auto at = std::search(text.begin() + static_cast<std::ptrdiff_t>(std::min(from, text.size())), text.end(),
                        needle.begin(), needle.end(),
                        [](Char a, char b) { return static_cast<char32_t>(a) == static_cast<char32_t>(b); });
  return at == text.end() ? std::basic_string_view<Char>::npos : static_cast<std::size_t>(at - text.begin());
}

// The longest lexeme at index `at` of `text` (not at the end), as the grammar's rules
// choose it: the longest match, ties to the rule listed first. `text` holds code points:
// char32_t for any text, or char for ASCII text, where byte i is code point i.
template <typename Char>
FastLexer::Lexeme lexeme_in(std::basic_string_view<Char> text_, std::size_t at) {
  using Lexeme = FastLexer::Lexeme;
  const std::size_t n = text_.size();
  auto is = [&](std::size_t k, char32_t c) { return k < n && static_cast<char32_t>(text_[k]) == c; };
  const char32_t c = static_cast<char32_t>(text_[at]);

  if (is_letter(c) || c == '_') {
    // IDENT: segments of [A-Za-z0-9_-] joined by '.', each after the first starting
    // with [A-Za-z0-9_]; a '.' not followed by one ends the name before it.
    std::size_t k = at + 1;
    for (;;) {
      if constexpr (sizeof(Char) == 1) {
        // ASCII text: a table look-up a byte, not six comparisons (identifiers are
        // most of a spec's bytes).
        while (k < n && kIdentPart.of[static_cast<unsigned char>(text_[k])]) ++k;
      } else {
        while (k < n && is_ident_part(text_[k])) ++k;
      }
      if (k + 1 < n && text_[k] == '.' && (is_alnum(text_[k + 1]) || text_[k + 1] == '_')) {
        k += 2;
        continue;
      }
      break;
    }
    return {keyword_or_ident(text_.substr(at, k - at)), k};
  }

  if (is_digit(c)) {
    // NUMBER is DIGITS ('.' DIGITS)? EXPONENT?; NUMBER_UNIT adds a suffix. The longest
    // of the two wins, NUMBER on a tie (`1e3` is a number, not `1` with unit `e3`).
    std::size_t k = at;
    while (k < n && is_digit(text_[k])) ++k;
    if (k + 1 < n && text_[k] == '.' && is_digit(text_[k + 1])) {
      k += 2;
      while (k < n && is_digit(text_[k])) ++k;
    }
    const std::size_t mantissa_end = k;
    std::size_t exponent_end = 0;  // 0: no exponent
    if (k < n && (text_[k] == 'e' || text_[k] == 'E')) {
      std::size_t e = k + 1;
      if (e < n && (text_[e] == '+' || text_[e] == '-')) ++e;
      if (e < n && is_digit(text_[e])) {
        while (e < n && is_digit(text_[e])) ++e;
        exponent_end = e;
      }
    }
    // The end of a unit suffix starting at `s`, or 0 when none starts there.
    auto suffix_end = [&](std::size_t s) -> std::size_t {
      if (is(s, '%')) return s + 1;
      if (s >= n || !is_letter(text_[s])) return 0;
      std::size_t e = s + 1;
      while (e < n && is_alnum(text_[e])) ++e;
      if (e + 1 < n && text_[e] == '/' && is_letter(text_[e + 1])) {
        e += 2;
        while (e < n && is_letter(text_[e])) ++e;
      }
      return e;
    };
    const std::size_t number_end = exponent_end ? exponent_end : mantissa_end;
    std::size_t unit_end = suffix_end(mantissa_end);
    if (exponent_end) unit_end = std::max(unit_end, suffix_end(exponent_end));
    if (unit_end > number_end) return {L::NUMBER_UNIT, unit_end};
    return {L::NUMBER, number_end};
  }

  switch (c) {
    case '@':
      if (at + 1 < n && is_alnum(text_[at + 1])) {
        std::size_t k = at + 2;
        while (k < n && (is_alnum(text_[k]) || text_[k] == '.' || text_[k] == '_' || text_[k] == '+' ||
                         text_[k] == '-')) {
          ++k;
        }
        return {L::VERSION, k};
      }
      break;
    case '"': {
      if (is(at + 1, '"') && is(at + 2, '"')) {
        // TRIPLE_STRING ends at the first `"""` after the opening one (`.*?`); without
        // one, UNTERMINATED_TRIPLE_STRING runs to the end of the input.
        auto close = find_ascii(text_, R"(""")", at + 3);
        if (close != std::basic_string_view<Char>::npos) return {L::TRIPLE_STRING, close + 3};
        return {L::UNTERMINATED_TRIPLE_STRING, n};
      }
      std::size_t k = at + 1;
      while (k < n) {
        char32_t d = static_cast<char32_t>(text_[k]);
        if (d == '\\' && k + 1 < n && text_[k + 1] != '\r' && text_[k + 1] != '\n') {
          k += 2;
        } else if (d != '"' && d != '\\' && d != '\r' && d != '\n') {
          ++k;
        } else {
          break;
        }
      }
      if (is(k, '"')) return {L::STRING, k + 1};
      return {L::UNTERMINATED_STRING, k};
    }
    case '#': {
      std::size_t k = at + 1;
      while (k < n && text_[k] != '\r' && text_[k] != '\n') ++k;
      return {L::HASH_COMMENT, k};
    }
    case '/':
      if (is(at + 1, '/')) {
        std::size_t k = at + 2;
        while (k < n && text_[k] != '\r' && text_[k] != '\n') ++k;
        return {L::SLASH_COMMENT, k};
      }
      if (is(at + 1, '*')) {
        auto close = find_ascii(text_, "*/", at + 2);
        if (close != std::basic_string_view<Char>::npos) return {L::BLOCK_COMMENT, close + 2};
        return {L::UNTERMINATED_BLOCK_COMMENT, n};
      }
      return {L::SLASH, at + 1};
    case '{': return {L::LBRACE, at + 1};
    case '}': return {L::RBRACE, at + 1};
    case '(': return {L::LPAREN, at + 1};
    case ')': return {L::RPAREN, at + 1};
    case '[': return {L::LBRACK, at + 1};
    case ']': return {L::RBRACK, at + 1};
    case '=': return is(at + 1, '=') ? Lexeme{L::EQ, at + 2} : Lexeme{L::ASSIGN, at + 1};
    case '!':
      if (is(at + 1, '=')) return {L::NE, at + 2};
      break;
    case '<': return is(at + 1, '=') ? Lexeme{L::LE, at + 2} : Lexeme{L::LT, at + 1};
    case '>': return is(at + 1, '=') ? Lexeme{L::GE, at + 2} : Lexeme{L::GT, at + 1};
    case '+': return {L::PLUS, at + 1};
    case '-': return {L::MINUS, at + 1};
    case '*': return {L::STAR, at + 1};
    case '%': return {L::PERCENT, at + 1};
    case '.':
      if (is(at + 1, '.')) return {L::DOTDOT, at + 2};
      break;
    case ';': return {L::SEMI, at + 1};
    case ',': return {L::COMMA, at + 1};
    default:
      if (is_whitespace(c)) {
        std::size_t k = at + 1;
        while (k < n && is_whitespace(text_[k])) ++k;
        return {L::WS, k};
      }
      break;
  }
  return {L::STRAY_CHARACTER, at + 1};
}

// A CommonToken placed in the lexer's chunks: deleting it (the token stream holds it
// in a unique_ptr) runs the destructor and leaves the memory to the chunk.
class ArenaToken : public antlr4::CommonToken {
 public:
  using CommonToken::CommonToken;
  static void* operator new(std::size_t, void* where) noexcept { return where; }
  static void operator delete(void*) noexcept {}
};

constexpr std::size_t kTokenSize = (sizeof(ArenaToken) + alignof(ArenaToken) - 1) / alignof(ArenaToken) * alignof(ArenaToken);
constexpr std::size_t kTokensPerChunk = 1024;

}  // namespace

antlr4::TokenFactory<antlr4::CommonToken>* FastLexer::getTokenFactory() {
  return antlr4::CommonTokenFactory::DEFAULT.get();  // what antlr4::Lexer uses
}

FastLexer::Lexeme FastLexer::lexeme_at(std::size_t at) const { return lexeme_in(text_, at); }

// ANTLR counts a line per '\n' and columns in code points since the last one.
void FastLexer::advance_to(std::size_t end) {
  for (; position_ < end; ++position_) {
    if (text_[position_] == '\n') {
      ++line_;
      column_ = 0;
    } else {
      ++column_;
    }
  }
}

// What CommonTokenFactory::create does for antlr4::Lexer::emit(): no text of its own
// (it is read from the input on demand), line and column of the token's start.
std::unique_ptr<antlr4::CommonToken> FastLexer::make_token(std::size_t type, std::size_t channel, std::size_t start,
                                                           std::size_t stop, std::size_t line, std::size_t column) {
  if (chunks_.empty() || used_in_chunk_ == kTokensPerChunk) {
    chunks_.push_back(std::make_unique_for_overwrite<std::byte[]>(kTokenSize * kTokensPerChunk));
    used_in_chunk_ = 0;
  }
  void* where = chunks_.back().get() + kTokenSize * used_in_chunk_++;
  std::unique_ptr<antlr4::CommonToken> token(new (where) ArenaToken({this, &input_}, type, channel, start, stop));
  token->setLine(line);
  token->setCharPositionInLine(column);
  return token;
}

namespace {

// The lexemes the grammar sends to the hidden channel.
bool is_hidden(std::size_t type) {
  return type == L::HASH_COMMENT || type == L::SLASH_COMMENT || type == L::BLOCK_COMMENT ||
         type == L::UNTERMINATED_BLOCK_COMMENT || type == L::UNTERMINATED_TRIPLE_STRING ||
         type == L::UNTERMINATED_STRING || type == L::STRAY_CHARACTER;
}

template <typename Char>
void lex_into(std::basic_string_view<Char> text, std::vector<LexedToken>& out) {
  out.reserve(out.size() + text.size() / 4 + 1);  // specs hold about one token per 7 bytes
  std::size_t at = 0;
  while (at < text.size()) {
    FastLexer::Lexeme lexeme = lexeme_in(text, at);
    if (lexeme.type != L::WS) {
      out.push_back({lexeme.type, static_cast<std::uint32_t>(at), static_cast<std::uint32_t>(lexeme.end - 1),
                     is_hidden(lexeme.type)});
    }
    at = lexeme.end;
  }
  out.push_back({antlr4::Token::EOF, static_cast<std::uint32_t>(at), static_cast<std::uint32_t>(at - 1), false});
}

}  // namespace

FastLexer::Lexeme lex_one(std::string_view ascii_text, std::size_t at) { return lexeme_in(ascii_text, at); }
FastLexer::Lexeme lex_one(std::u32string_view code_points, std::size_t at) { return lexeme_in(code_points, at); }
bool is_hidden_lexeme(std::size_t type) { return is_hidden(type); }

void lex_ascii(std::string_view text, std::vector<LexedToken>& out) { lex_into(text, out); }
void lex_code_points(std::u32string_view text, std::vector<LexedToken>& out) { lex_into(text, out); }

std::unique_ptr<antlr4::Token> FastLexer::nextToken() { return next_token(); }

std::unique_ptr<antlr4::CommonToken> FastLexer::next_token() {
  while (position_ < text_.size()) {
    Lexeme lexeme = lexeme_at(position_);
    if (lexeme.type == L::WS) {  // `-> skip`
      advance_to(lexeme.end);
      continue;
    }
    bool hidden = is_hidden(lexeme.type);
    std::size_t start = position_;
    std::size_t line = line_;
    std::size_t column = column_;
    advance_to(lexeme.end);
    return make_token(lexeme.type, hidden ? antlr4::Token::HIDDEN_CHANNEL : antlr4::Token::DEFAULT_CHANNEL, start,
                      lexeme.end - 1, line, column);
  }
  // antlr4::Lexer::emitEOF(): start at the end, stop one before it.
  return make_token(antlr4::Token::EOF, antlr4::Token::DEFAULT_CHANNEL, position_, position_ - 1, line_, column_);
}

FastTokenStream::FastTokenStream(FastLexer& lexer) : CommonTokenStream(&lexer) {
  for (;;) {
    std::unique_ptr<antlr4::CommonToken> token = lexer.next_token();
    token->setTokenIndex(_tokens.size());
    bool eof = token->getType() == antlr4::Token::EOF;
    _tokens.push_back(std::move(token));
    if (eof) break;
  }
  _fetchedEOF = true;
}

}  // namespace gpuspec::syntax
