#include "format/expr_printer.h"

#include <array>

namespace gpuspec::format {

namespace {

std::string without_spaces(std::string text) {
  std::erase_if(text, [](char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'; });
  return text;
}

std::string trimmed(std::string text) {
  auto first = text.find_first_not_of(" \t\r\n\f\v");
  if (first == std::string::npos) return {};
  auto last = text.find_last_not_of(" \t\r\n\f\v");
  return text.substr(first, last - first + 1);
}

}  // namespace

bool is_reserved_word(std::string_view word) {
  static constexpr std::array<std::string_view, 10> kReserved = {"import", "waive", "until", "true",  "false",
                                                                 "and",    "or",    "not",   "in",    "x"};
  for (auto reserved : kReserved) {
    if (word == reserved) return true;
  }
  return false;
}

std::string ExprPrinter::print(const ast::Expr& expr, int depth) {
  if (const auto* list = expr.as<ast::ListExpr>()) return print_list(expr, *list, depth);
  if (comments_.any_inside(expr.range)) {
    comments_.skip_to(expr.range.end);
    return text_.slice(expr.range);
  }
  return print_node(expr, depth);
}

std::string ExprPrinter::print_quantity(const ast::Expr& expr, const ast::QuantityLit& quantity) {
  if (is_reserved_word(quantity.unit)) return without_spaces(text_.slice(expr.range));
  return trimmed(text_.slice(expr.range.begin, quantity.unit_range.begin)) + " " + quantity.unit;
}

std::string ExprPrinter::print_node(const ast::Expr& expr, int depth) {
  return std::visit(
      [&](const auto& node) -> std::string {
        using T = std::decay_t<decltype(node)>;
        if constexpr (std::is_same_v<T, ast::NumberLit> || std::is_same_v<T, ast::ScaledCountLit> ||
                      std::is_same_v<T, ast::PercentLit>) {
          return without_spaces(text_.slice(expr.range));
        } else if constexpr (std::is_same_v<T, ast::QuantityLit>) {
          return print_quantity(expr, node);
        } else if constexpr (std::is_same_v<T, ast::StringLit>) {
          return text_.slice(expr.range);  // escapes and triple quotes as written
        } else if constexpr (std::is_same_v<T, ast::BoolLit>) {
          return node.value ? "true" : "false";
        } else if constexpr (std::is_same_v<T, ast::VersionedSymbol>) {
          return node.name + "@" + node.version;
        } else if constexpr (std::is_same_v<T, ast::Name>) {
          return node.name;
        } else if constexpr (std::is_same_v<T, ast::Multiplicity>) {
          std::string count = trimmed(text_.slice(node.count_range));
          if (!count.empty() && count.back() == 'x') count.pop_back();  // `4x ref`
          return count + " x " + node.name;
        } else if constexpr (std::is_same_v<T, ast::ListExpr>) {
          return print_list(expr, node, depth);
        } else if constexpr (std::is_same_v<T, ast::UnaryExpr>) {
          return (node.op == ast::UnaryOp::Negate ? "-" : "not ") + print(*node.operand, depth);
        } else if constexpr (std::is_same_v<T, ast::BinaryExpr>) {
          return print(*node.lhs, depth) + " " + ast::binary_op_text(node.op) + " " + print(*node.rhs, depth);
        } else if constexpr (std::is_same_v<T, ast::CallExpr>) {
          std::string out = node.callee + "(";
          for (std::size_t i = 0; i < node.args.size(); ++i) out += (i ? ", " : "") + print(*node.args[i], depth);
          return out + ")";
        } else if constexpr (std::is_same_v<T, ast::ParenExpr>) {
          return "(" + print(*node.inner, depth) + ")";
        }
      },
      expr.node);
}

// `[a, b]` when written on one line without comments; otherwise one item per line,
// each with a trailing comma and its comments, blank lines kept (at most one).
std::string ExprPrinter::print_list(const ast::Expr& expr, const ast::ListExpr& list, int depth) {
  bool has_comments = comments_.any_inside(expr.range);
  if (text_.on_one_line(expr.range) && !has_comments) {
    std::string out = "[";
    for (std::size_t i = 0; i < list.items.size(); ++i) out += (i ? ", " : "") + print(*list.items[i], depth);
    return out + "]";
  }
  if (list.items.empty() && !has_comments) return "[]";
  const std::string inner = indentation(depth + 1);
  std::string out = "[";
  std::uint32_t last_line = text_.line_of(expr.range.begin);
  bool first = true;
  // A new line for an element starting on source line `line`, after a blank one
  // when the source has one there.
  auto new_line = [&](std::uint32_t line) {
    if (!first && line > last_line + 1) out += "\n";
    out += "\n" + inner;
    first = false;
  };
  // Comments on the line where the previous element ends stay on that line.
  auto trailing = [&](std::uint32_t before) {
    while (const ast::Comment* c = comments_.next_before(before)) {
      if (text_.line_of(c->range.begin) != last_line) break;
      out += " " + text_.slice(comments_.take().range);
      last_line = text_.last_line_of(c->range);
    }
  };
  auto own_line_comments = [&](std::uint32_t before) {
    while (const ast::Comment* c = comments_.next_before(before)) {
      new_line(text_.line_of(c->range.begin));
      out += text_.slice(comments_.take().range);
      last_line = text_.last_line_of(c->range);
    }
  };
  for (const auto& item : list.items) {
    trailing(item->range.begin);
    own_line_comments(item->range.begin);
    new_line(text_.line_of(item->range.begin));
    out += print(*item, depth + 1) + ",";
    last_line = text_.last_line_of(item->range);
  }
  std::uint32_t close = expr.range.end - 1;  // the `]`
  trailing(close);
  own_line_comments(close);
  return out + "\n" + indentation(depth) + "]";
}

}  // namespace gpuspec::format
