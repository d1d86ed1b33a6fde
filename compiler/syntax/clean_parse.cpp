#include "syntax/clean_parse.h"

#include <vector>

#include "GpuSpecLexer.h"
#include "syntax/fast_lexer.h"
#include "syntax/fast_parser.h"
#include "syntax/nesting_check.h"
#include "syntax/source_offsets.h"
#include "syntax/utf32_input.h"

namespace gpuspec::syntax {

using L = gpuspec_antlr::GpuSpecLexer;

std::optional<ast::File> parse_clean(const SourceFile& source, bool& fast_parser_gave_up) {
  fast_parser_gave_up = false;
  const std::string& text = source.text();
  CodePointOffsets offsets(source.id(), text);
  std::vector<LexedToken> lexed;
  if (offsets.ascii()) {
    lex_ascii(text, lexed);
  } else {
    Utf32Input input(text);
    lex_code_points(input.code_points(), lexed);
  }

  std::vector<ParserToken> visible;
  visible.reserve(lexed.size());
  std::vector<ast::Comment> comments;
  for (const LexedToken& token : lexed) {
    if (!token.hidden) {
      visible.push_back({token.type, token.type == antlr4::Token::EOF ? offsets.point(token.start)
                                                                      : offsets.range(token.start, token.stop)});
      continue;
    }
    ast::CommentStyle style{};
    switch (token.type) {
      case L::HASH_COMMENT: style = ast::CommentStyle::Hash; break;
      case L::SLASH_COMMENT: style = ast::CommentStyle::Slash; break;
      case L::BLOCK_COMMENT: style = ast::CommentStyle::Block; break;
      default: return std::nullopt;  // unterminated or stray: the ANTLR path reports (and repairs) it
    }
    // A token's text is its code points, which in valid UTF-8 are exactly these bytes.
    SourceRange range = offsets.range(token.start, token.stop);
    comments.push_back({style, text.substr(range.begin, range.end - range.begin), range});
  }
  // The parser reads `visible` only: the lexed tokens would be a third of the peak
  // while the tree is built (issue 25).
  std::vector<LexedToken>().swap(lexed);
  if (find_nesting_problem(visible)) return std::nullopt;

  auto file = parse_tokens_fast(visible, source);
  if (!file) {
    fast_parser_gave_up = true;
    return std::nullopt;
  }
  file->comments = std::move(comments);
  return file;
}

}  // namespace gpuspec::syntax
