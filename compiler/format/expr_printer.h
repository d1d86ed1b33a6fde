// Expressions in their canonical spelling. A list written over several lines (or
// holding comments) stays one item per line; any other expression holding a
// comment is printed as written, so the comment keeps its place.
#pragma once

#include <string>

#include "ast/ast.h"
#include "format/source_text.h"

namespace gpuspec::format {

class ExprPrinter {
 public:
  ExprPrinter(const SourceText& text, CommentCursor& comments) : text_(text), comments_(comments) {}

  // The expression's text; it holds "\n" only when the expression spans lines
  // (a list, a triple-quoted string). Continuation lines of a list are indented
  // for an expression that starts on a line indented `depth` levels.
  std::string print(const ast::Expr& expr, int depth);

 private:
  std::string print_list(const ast::Expr& expr, const ast::ListExpr& list, int depth);
  std::string print_node(const ast::Expr& expr, int depth);
  std::string print_quantity(const ast::Expr& expr, const ast::QuantityLit& quantity);

  const SourceText& text_;
  CommentCursor& comments_;
};

// Words the lexer keeps for itself: a unit spelled like one stays attached to its
// number (`2x` is a quantity; `2 x` would start a multiplicity).
bool is_reserved_word(std::string_view word);

}  // namespace gpuspec::format
