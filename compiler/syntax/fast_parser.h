// A hand-written recursive-descent parser for grammar/GpuSpec.g4 that builds our AST
// straight from the lexed tokens. ANTLR's parser simulates its ATN for every decision
// and builds a parse tree that AstBuilder then walks; that was most of the parse cost
// of a check and, with the ATN deserialised on first use, most of the cold start left.
//
// It only handles input that parses cleanly. At the first syntax error, and wherever
// AstBuilder would report a diagnostic (a number too large, a bad escape, a `{ ... }`
// inside an expression, `80GB part`), it gives up and the caller runs the ANTLR parser,
// which stays the reference and owns every syntax diagnostic and its error recovery.
// So diagnostics stay byte-identical by construction; what this file must get right is
// the tree, and fast_parser_test.cpp compares it with ANTLR's on every committed file
// and on generated input (test/fuzz/parser_fuzzer.cpp explores further).
//
// When a parser rule of grammar/GpuSpec.g4 changes, this file must change with it.
#pragma once

#include <cstddef>
#include <optional>
#include <vector>

#include "ast/ast.h"
#include "source/source.h"

namespace gpuspec::syntax {

// One token the parser sees (the default channel only), its range in bytes. The last
// token is end of file.
struct ParserToken {
  std::size_t type;  // the GpuSpecLexer token type
  SourceRange range;
};

// The tree of `tokens` (lexed from `source`), or nullopt when the ANTLR path must parse
// it: a syntax error, or a literal AstBuilder would report. Comments are not filled in.
std::optional<ast::File> parse_tokens_fast(const std::vector<ParserToken>& tokens, const SourceFile& source);
// The same, lexing as it goes (lazy_tokens.h); when `tokens` stopped() early, the tree
// returned is not the file's.
class LazyTokens;
std::optional<ast::File> parse_tokens_fast(LazyTokens& tokens, const SourceFile& source);

}  // namespace gpuspec::syntax
