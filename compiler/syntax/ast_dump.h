// A readable, stable dump of the AST with source positions, for lit tests of the
// grammar (`gpuspec dump-ast FILE`).
#pragma once

#include <string>

#include "ast/ast.h"
#include "source/source.h"

namespace gpuspec::syntax {

struct DumpOptions {
  // Without positions the dump describes only the tree and the comments' text, so two
  // layouts of the same file (before and after `gpuspec fmt`) dump the same.
  bool positions = true;
};

std::string dump_ast(const ast::File& file, const SourceManager& sources, DumpOptions options = {});
std::string dump_expr(const ast::Expr& expr);  // one line, fully parenthesised

}  // namespace gpuspec::syntax
