#include "syntax/ast_dump.h"

#include <fmt/format.h>

#include "source/printable.h"

namespace gpuspec::syntax {

namespace {

// Quotes and backslashes are escaped so strings read back unambiguously; control
// characters are made printable (source/printable.h), as everywhere text is printed.
std::string quote(const std::string& s) {
  std::string escaped;
  for (char c : s) {
    if (c == '"' || c == '\\') escaped += '\\';
    escaped += c;
  }
  return "\"" + printable(escaped) + "\"";
}

class Dumper {
 public:
  Dumper(const SourceManager& sources, DumpOptions options) : sources_(sources), options_(options) {}

  // " @line:col-line:col", or nothing when positions are off.
  std::string at(SourceRange r) const {
    if (!options_.positions) return "";
    if (!r.valid()) return " @?";
    auto s = sources_.start_of(r);
    auto e = sources_.end_of(r);
    return fmt::format(" @{}:{}-{}:{}", s.line, s.column, e.line, e.column);
  }

  void body(const ast::Body& b, int depth) {
    std::string pad(depth * 2, ' ');
    for (const auto& item : b.items) {
      if (const auto* p = std::get_if<ast::Property>(&item)) {
        out += fmt::format("{}property {}{} = {}\n", pad, p->key, at(p->range), dump_expr(*p->value));
      } else if (const auto* blk = std::get_if<std::unique_ptr<ast::Block>>(&item)) {
        out += fmt::format("{}block {}{}\n", pad, (*blk)->key, at((*blk)->range));
        body((*blk)->body, depth + 1);
      } else if (const auto* w = ast::waiver_of(item)) {
        out += fmt::format("{}waive {}{}", pad, w->rule, at(w->range));
        if (w->reason) out += " reason=" + quote(*w->reason);
        if (w->until) out += " until=" + quote(*w->until);
        out += "\n";
      }
    }
  }

  std::string out;

 private:
  const SourceManager& sources_;
  DumpOptions options_;
};

}  // namespace

std::string dump_expr(const ast::Expr& e) {
  return std::visit(
      [](const auto& n) -> std::string {
        using T = std::decay_t<decltype(n)>;
        if constexpr (std::is_same_v<T, ast::NumberLit>) return fmt::format("{}", n.value);
        if constexpr (std::is_same_v<T, ast::ScaledCountLit>) return fmt::format("count({})", n.value);
        if constexpr (std::is_same_v<T, ast::QuantityLit>) return fmt::format("quantity({} {})", n.number, n.unit);
        if constexpr (std::is_same_v<T, ast::PercentLit>) return fmt::format("percent({})", n.value);
        if constexpr (std::is_same_v<T, ast::StringLit>) return quote(n.value);
        if constexpr (std::is_same_v<T, ast::BoolLit>) return n.value ? "true" : "false";
        if constexpr (std::is_same_v<T, ast::VersionedSymbol>) return fmt::format("version({} @ {})", n.name, n.version);
        if constexpr (std::is_same_v<T, ast::Name>) return fmt::format("name({})", n.name);
        if constexpr (std::is_same_v<T, ast::Multiplicity>) return fmt::format("times({}, {})", n.count, n.name);
        if constexpr (std::is_same_v<T, ast::ListExpr>) {
          std::string s = "[";
          for (std::size_t i = 0; i < n.items.size(); ++i) s += (i ? ", " : "") + dump_expr(*n.items[i]);
          return s + "]";
        }
        if constexpr (std::is_same_v<T, ast::UnaryExpr>) {
          return fmt::format("({} {})", n.op == ast::UnaryOp::Negate ? "-" : "not", dump_expr(*n.operand));
        }
        if constexpr (std::is_same_v<T, ast::BinaryExpr>) {
          return fmt::format("({} {} {})", dump_expr(*n.lhs), ast::binary_op_text(n.op), dump_expr(*n.rhs));
        }
        if constexpr (std::is_same_v<T, ast::CallExpr>) {
          std::string s = n.callee + "(";
          for (std::size_t i = 0; i < n.args.size(); ++i) s += (i ? ", " : "") + dump_expr(*n.args[i]);
          return s + ")";
        }
        if constexpr (std::is_same_v<T, ast::ParenExpr>) return dump_expr(*n.inner);
        return "?";
      },
      e.node);
}

std::string dump_ast(const ast::File& file, const SourceManager& sources, DumpOptions options) {
  Dumper d(sources, options);
  for (const auto& imp : file.imports) d.out += fmt::format("import {}{}\n", quote(imp.path), d.at(imp.range));
  for (const auto& decl : file.declarations) {
    d.out += fmt::format("{} {}{}{}\n", decl.kind, decl.name, d.at(decl.range), decl.recovered ? " (recovered)" : "");
    d.body(decl.body, 1);
  }
  for (const auto& c : file.comments) d.out += fmt::format("comment{} {}\n", d.at(c.range), quote(c.text));
  return d.out;
}

}  // namespace gpuspec::syntax
