// Clean input, nearly every file a check reads, parsed without a single ANTLR object:
// the hand-written lexer's plain tokens go straight to the hand-written parser. Making
// an ANTLR token per lexeme and a token stream to hold them was ~40 % of a parse.
//
// This path reports nothing. Wherever the ANTLR path would report something (a lexeme
// no rule closes, a stray character, nesting too deep) or the hand-written parser gives
// up, it returns nullopt and the caller parses the file the ANTLR way from the start,
// so every diagnostic still comes from there (fast_parser.h).
#pragma once

#include <optional>

#include "ast/ast.h"
#include "source/source.h"

namespace gpuspec::syntax {

// The tree of `source` (valid UTF-8 without NUL, as parse_file checks first), or
// nullopt. `fast_parser_gave_up` is set when the hand-written parser itself declined the
// tokens, so the caller need not run it again on the same tokens.
std::optional<ast::File> parse_clean(const SourceFile& source, bool& fast_parser_gave_up);

}  // namespace gpuspec::syntax
