#include "syntax/lazy_tokens.h"

#include <cstdint>

#include "GpuSpecLexer.h"
#include "syntax/fast_lexer.h"

namespace gpuspec::syntax {

using L = gpuspec_antlr::GpuSpecLexer;

namespace {
// ' ', '\t', '\n', '\v', '\f', '\r' as bits of a mask: one test, not six comparisons.
constexpr std::uint64_t kWhitespaceBits = (1ull << ' ') | (1ull << '\t') | (1ull << '\n') | (1ull << 0x0B) |
                                          (1ull << '\f') | (1ull << '\r');
bool is_ascii_whitespace(char c) {
  auto byte = static_cast<unsigned char>(c);
  return byte <= ' ' && ((kWhitespaceBits >> byte) & 1) != 0;
}
}  // namespace

LazyTokens::LazyTokens(const std::string& text, std::u32string_view code_points, const CodePointOffsets& offsets)
    : text_(text), code_points_(code_points), offsets_(offsets), size_(offsets.ascii() ? text.size() : code_points.size()) {}

const ParserToken& LazyTokens::fetch(std::size_t index) {
  while (!done_ && lexed_ <= index) lex_next();
  return index < lexed_ ? window_[index % kWindow] : end_;
}

void LazyTokens::stop() {
  stopped_ = true;
  done_ = true;
  end_ = {antlr4::Token::EOF, offsets_.point(at_)};
}

void LazyTokens::lex_next() {
  const bool ascii = offsets_.ascii();
  while (at_ < size_) {
    if (ascii) {
      // Whitespace is skipped here, as the lexer's WS lexeme would be (the same bytes:
      // in ASCII text its whitespace is these six): about every other lexeme of a spec
      // is one, and lexing it through lex_one cost ~40 instructions (issue 28).
      while (at_ < size_ && is_ascii_whitespace(text_[at_])) ++at_;
      if (at_ == size_) break;
    }
    const std::size_t start = at_;
    FastLexer::Lexeme lexeme = ascii ? lex_one(std::string_view(text_), at_) : lex_one(code_points_, at_);
    at_ = lexeme.end;
    if (lexeme.type == L::WS) continue;
    if (is_hidden_lexeme(lexeme.type)) {
      ast::CommentStyle style{};
      switch (lexeme.type) {
        case L::HASH_COMMENT: style = ast::CommentStyle::Hash; break;
        case L::SLASH_COMMENT: style = ast::CommentStyle::Slash; break;
        case L::BLOCK_COMMENT: style = ast::CommentStyle::Block; break;
        default: stop(); return;  // unterminated or stray: the ANTLR path reports (and repairs) it
      }
      // A token's text is its code points, which in valid UTF-8 are exactly these bytes.
      SourceRange range = offsets_.range(start, lexeme.end - 1);
      comments_.push_back({style, text_.substr(range.begin, range.end - range.begin), range});
      continue;
    }
    ParserToken token{lexeme.type, offsets_.range(start, lexeme.end - 1)};
    if (nesting_.add(token)) {
      stop();
      return;
    }
    window_[lexed_++ % kWindow] = token;
    return;
  }
  // antlr4::Lexer::emitEOF(): at the end of the text.
  end_ = {antlr4::Token::EOF, offsets_.point(at_)};
  window_[lexed_++ % kWindow] = end_;
  done_ = true;
}

bool LazyTokens::finds_unclean_lexeme() {
  if (stopped_) return true;
  const bool ascii = offsets_.ascii();
  while (at_ < size_) {
    FastLexer::Lexeme lexeme = ascii ? lex_one(std::string_view(text_), at_) : lex_one(code_points_, at_);
    at_ = lexeme.end;
    if (is_hidden_lexeme(lexeme.type) && lexeme.type != L::HASH_COMMENT && lexeme.type != L::SLASH_COMMENT &&
        lexeme.type != L::BLOCK_COMMENT) {
      return true;
    }
  }
  return false;
}

}  // namespace gpuspec::syntax
