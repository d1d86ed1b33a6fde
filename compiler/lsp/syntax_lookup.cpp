#include "lsp/syntax_lookup.h"

#include <type_traits>

namespace gpuspec::lsp {

namespace {

// Inclusive of the end, so a cursor right after a word still names it.
bool contains(SourceRange range, std::uint32_t offset) { return range.valid() && range.begin <= offset && offset <= range.end; }

// The innermost name under the cursor inside an expression, or the expression itself.
void find_in_expr(const ast::Expr& expr, std::uint32_t offset, SyntaxTarget& target) {
  if (!contains(expr.range, offset)) return;
  target.kind = SyntaxTarget::Kind::Value;
  target.range = expr.range;
  std::visit(
      [&](const auto& node) {
        using T = std::decay_t<decltype(node)>;
        if constexpr (std::is_same_v<T, ast::Name>) {
          target.kind = SyntaxTarget::Kind::Name;
          target.text = node.name;
        } else if constexpr (std::is_same_v<T, ast::Multiplicity>) {
          if (contains(node.name_range, offset)) {
            target.kind = SyntaxTarget::Kind::Name;
            target.range = node.name_range;
            target.text = node.name;
          }
        } else if constexpr (std::is_same_v<T, ast::VersionedSymbol>) {
          target.kind = SyntaxTarget::Kind::Name;
          target.range = {expr.range.file, expr.range.begin, expr.range.begin + static_cast<std::uint32_t>(node.name.size())};
          target.text = node.name;
        } else if constexpr (std::is_same_v<T, ast::ListExpr>) {
          for (const auto& item : node.items) find_in_expr(*item, offset, target);
        } else if constexpr (std::is_same_v<T, ast::UnaryExpr>) {
          find_in_expr(*node.operand, offset, target);
        } else if constexpr (std::is_same_v<T, ast::BinaryExpr>) {
          find_in_expr(*node.lhs, offset, target);
          find_in_expr(*node.rhs, offset, target);
        } else if constexpr (std::is_same_v<T, ast::CallExpr>) {
          for (const auto& arg : node.args) find_in_expr(*arg, offset, target);
        } else if constexpr (std::is_same_v<T, ast::ParenExpr>) {
          find_in_expr(*node.inner, offset, target);
        }
      },
      expr.node);
}

void find_in_body(const ast::Body& body, std::uint32_t offset, SyntaxTarget& target) {
  for (const auto& item : body.items) {
    if (const auto* property = std::get_if<ast::Property>(&item)) {
      if (!contains(property->range, offset)) continue;
      target.property = property;
      if (contains(property->key_range, offset)) {
        target.kind = SyntaxTarget::Kind::PropertyKey;
        target.range = property->key_range;
        target.text = property->key;
      } else if (property->value) {
        find_in_expr(*property->value, offset, target);
      }
      return;
    }
    if (const auto* block = std::get_if<std::unique_ptr<ast::Block>>(&item)) {
      if (!contains((*block)->range, offset)) continue;
      if (contains((*block)->key_range, offset)) {
        target.kind = SyntaxTarget::Kind::PropertyKey;
        target.range = (*block)->key_range;
        target.text = (*block)->key;
        return;
      }
      target.block_path.push_back((*block)->key);
      find_in_body((*block)->body, offset, target);
      return;
    }
    if (const auto* waiver = ast::waiver_of(item)) {
      if (contains(waiver->rule_range, offset)) {
        target.kind = SyntaxTarget::Kind::WaiverRule;
        target.range = waiver->rule_range;
        target.text = waiver->rule;
        return;
      }
    }
  }
}

}  // namespace

SyntaxTarget find_at(const ast::File& file, std::uint32_t offset) {
  SyntaxTarget target;
  for (const auto& import : file.imports) {
    if (contains(import.path_range, offset)) {
      target.kind = SyntaxTarget::Kind::ImportPath;
      target.range = import.path_range;
      target.text = import.path;
      return target;
    }
  }
  for (const auto& decl : file.declarations) {
    if (!contains(decl.range, offset)) continue;
    target.declaration = &decl;
    if (contains(decl.kind_range, offset)) {
      target.kind = SyntaxTarget::Kind::DeclarationKind;
      target.range = decl.kind_range;
      target.text = decl.kind;
    } else if (contains(decl.name_range, offset)) {
      target.kind = SyntaxTarget::Kind::DeclarationName;
      target.range = decl.name_range;
      target.text = decl.name;
    } else {
      find_in_body(decl.body, offset, target);
    }
    return target;
  }
  return target;
}

}  // namespace gpuspec::lsp
