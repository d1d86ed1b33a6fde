// A readable, stable dump of the AST with source positions, for lit tests of the
// grammar (`gpuspec dump-ast FILE`).
#pragma once

#include <string>

#include "ast/ast.h"
#include "source/source.h"

namespace gpuspec::syntax {

std::string dump_ast(const ast::File& file, const SourceManager& sources);
std::string dump_expr(const ast::Expr& expr);  // one line, fully parenthesised

}  // namespace gpuspec::syntax
