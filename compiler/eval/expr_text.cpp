#include "eval/expr_text.h"

#include <fmt/format.h>

#include <cmath>

namespace gpuspec::eval {

namespace {

std::string_view op_text(ast::BinaryOp op) { return ast::binary_op_text(op); }

std::string quoted(const std::string& s) {
  std::string out = "\"";
  for (char c : s) {
    if (c == '"' || c == '\\') out += '\\';
    if (c == '\n') {
      out += "\\n";
      continue;
    }
    out += c;
  }
  return out + "\"";
}

}  // namespace

std::string number_text(double value) {
  if (value == 0) return "0";
  return fmt::format("{:.12g}", value);
}

std::string expr_text(const ast::Expr& expr) {
  return std::visit(
      [](const auto& n) -> std::string {
        using T = std::decay_t<decltype(n)>;
        if constexpr (std::is_same_v<T, ast::NumberLit>) {
          return number_text(n.value);
        } else if constexpr (std::is_same_v<T, ast::ScaledCountLit>) {
          double factor = n.suffix == 'K' ? 1e3 : n.suffix == 'M' ? 1e6 : n.suffix == 'B' ? 1e9 : n.suffix == 'T' ? 1e12 : 1;
          return number_text(n.value / factor) + (n.suffix ? std::string(1, n.suffix) : "");
        } else if constexpr (std::is_same_v<T, ast::QuantityLit>) {
          return number_text(n.number) + " " + n.unit;
        } else if constexpr (std::is_same_v<T, ast::PercentLit>) {
          return number_text(n.value * 100) + "%";
        } else if constexpr (std::is_same_v<T, ast::StringLit>) {
          return quoted(n.value);
        } else if constexpr (std::is_same_v<T, ast::BoolLit>) {
          return n.value ? "true" : "false";
        } else if constexpr (std::is_same_v<T, ast::VersionedSymbol>) {
          return n.name + "@" + n.version;
        } else if constexpr (std::is_same_v<T, ast::Name>) {
          return n.name;
        } else if constexpr (std::is_same_v<T, ast::Multiplicity>) {
          return number_text(n.count) + " x " + n.name;
        } else if constexpr (std::is_same_v<T, ast::ListExpr>) {
          std::string out = "[";
          for (std::size_t i = 0; i < n.items.size(); ++i) out += (i ? ", " : "") + expr_text(*n.items[i]);
          return out + "]";
        } else if constexpr (std::is_same_v<T, ast::UnaryExpr>) {
          return (n.op == ast::UnaryOp::Not ? "not " : "-") + expr_text(*n.operand);
        } else if constexpr (std::is_same_v<T, ast::BinaryExpr>) {
          return expr_text(*n.lhs) + " " + std::string(op_text(n.op)) + " " + expr_text(*n.rhs);
        } else if constexpr (std::is_same_v<T, ast::CallExpr>) {
          std::string out = n.callee + "(";
          for (std::size_t i = 0; i < n.args.size(); ++i) out += (i ? ", " : "") + expr_text(*n.args[i]);
          return out + ")";
        } else {
          return "(" + expr_text(*n.inner) + ")";
        }
      },
      expr.node);
}

}  // namespace gpuspec::eval
