// Internal to the parse wrapper: which declarations a syntax error broke.
#pragma once

#include <cstddef>

#include "ast/ast.h"
#include "diag/diagnostic.h"

namespace gpuspec::syntax {

// Marks `recovered` every declaration of `file` that an error among `diagnostics[from..]`
// falls in: the declaration whose range holds the error, or, for an error past the end
// of every declaration that starts before it (an unclosed body at end of file, junk after
// a `}`, a missing `}` reported at the next declaration's first token), the last of those. An error before the first declaration (in the imports)
// marks none. A declaration ANTLR could not build at all is absent from the tree. The
// property (or waiver) an error is in, or right after, is dropped from the tree: what
// recovery made of it is a guess, and sema must not report on the guess.
void mark_recovered_declarations(ast::File& file, const std::vector<Diagnostic>& diagnostics, std::size_t from);

}  // namespace gpuspec::syntax
