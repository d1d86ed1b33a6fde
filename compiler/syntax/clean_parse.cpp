#include "syntax/clean_parse.h"

#include <optional>

#include "syntax/fast_parser.h"
#include "syntax/lazy_tokens.h"
#include "syntax/source_offsets.h"
#include "syntax/utf32_input.h"

namespace gpuspec::syntax {

std::optional<ast::File> parse_clean(const SourceFile& source, bool& fast_parser_gave_up) {
  fast_parser_gave_up = false;
  const std::string& text = source.text();
  CodePointOffsets offsets(source.id(), text);
  std::optional<Utf32Input> input;  // non-ASCII text is lexed as code points
  if (!offsets.ascii()) input.emplace(text);
  // Lexed as the parser reads: no list of the file's tokens next to its tree (issue 25).
  LazyTokens tokens(text, input ? input->code_points() : std::u32string_view(), offsets);
  auto file = parse_tokens_fast(tokens, source);
  // A lexeme to report or repair, or nesting too deep, anywhere: the ANTLR path's.
  if (tokens.stopped()) return std::nullopt;
  if (!file) {
    // The parser gave up before the end: the ANTLR path runs it again on repaired
    // tokens only if the rest of the file holds something to repair.
    fast_parser_gave_up = !tokens.finds_unclean_lexeme();
    return std::nullopt;
  }
  file->comments = tokens.take_comments();
  return file;
}

}  // namespace gpuspec::syntax
