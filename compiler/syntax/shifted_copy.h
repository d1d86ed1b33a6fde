// Deep copies of syntax trees moved to another place: a declaration parsed once, alone,
// kept and copied into each new text of the document that holds it unchanged, at its
// new offset (syntax/declaration_cache.h); or the tree itself moved. Every range of the copy is in `file` and
// `delta` bytes further on; ranges that are not valid stay so.
#pragma once

#include <cstdint>

#include "ast/ast.h"

namespace gpuspec::syntax {

struct Shift {
  FileId file = kNoFile;
  std::int64_t delta = 0;  // added to every offset
};

ast::Declaration shifted_copy(const ast::Declaration& decl, Shift shift);
ast::Import shifted_copy(const ast::Import& import, Shift shift);
ast::Comment shifted_copy(const ast::Comment& comment, Shift shift);

// The same move, in place: for a tree nothing else will read at its old place.
void shift_in_place(ast::Declaration& decl, Shift shift);
void shift_in_place(ast::Import& import, Shift shift);
void shift_in_place(ast::Comment& comment, Shift shift);

}  // namespace gpuspec::syntax
