// The visible tokens of a file, lexed as the hand-written parser asks for them: the
// clean path's token source. A list of every token (24 bytes each, about one per 6
// bytes of a spec) lived next to the tree while it was built, a third of a large
// spec's peak memory (issue 25); this keeps the last few.
//
// It stops at the first lexeme the ANTLR path would have to report or repair (an
// unterminated string or comment, a stray character) and at the first token nesting
// too deep (nesting_check.h): the parser then sees the end of the file there, and
// stopped() tells the caller to discard whatever it built.
#pragma once

#include <array>
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "ast/ast.h"
#include "syntax/fast_parser.h"
#include "syntax/nesting_check.h"
#include "syntax/source_offsets.h"

namespace gpuspec::syntax {

class LazyTokens {
 public:
  // `text` is the file's UTF-8 text, `offsets` its code point table. `code_points` is
  // the text decoded (for non-ASCII text); empty for ASCII text, lexed from its bytes.
  LazyTokens(const std::string& text, std::u32string_view code_points, const CodePointOffsets& offsets);

  // The `index`-th visible token, end of file for any index past it. Only the last
  // kWindow tokens lexed stay readable: FastParser reads one token behind and up to
  // three ahead of its position.
  const ParserToken& get(std::size_t index) {
    return index < lexed_ ? window_[index % kWindow] : fetch(index);
  }

  // Whether lexing stopped early (see above): the tree built must be discarded.
  bool stopped() const { return stopped_; }
  // Lexes the rest of the file: whether a lexeme the ANTLR path must report or repair
  // lies anywhere in it (when the parser gave up before lexing that far).
  bool finds_unclean_lexeme();
  // The comments lexed so far, in source order.
  std::vector<ast::Comment> take_comments() { return std::move(comments_); }

 private:
  static constexpr std::size_t kWindow = 8;

  const ParserToken& fetch(std::size_t index);
  // Lexes up to and including the next visible token, or to the end of the file.
  void lex_next();
  void stop();

  const std::string& text_;
  std::u32string_view code_points_;
  const CodePointOffsets& offsets_;
  std::size_t size_;         // code points in the text
  std::size_t at_ = 0;       // code point index of the next lexeme
  std::size_t lexed_ = 0;    // visible tokens lexed, end of file included
  bool done_ = false;        // end of file reached (or lexing stopped)
  bool stopped_ = false;
  ParserToken end_{};        // the end of file token, once done_
  std::array<ParserToken, kWindow> window_{};
  NestingTracker nesting_;
  std::vector<ast::Comment> comments_;
};

}  // namespace gpuspec::syntax
