#include "backends/writers/hcl_document.h"

#include <algorithm>
#include <stdexcept>

namespace gpuspec::writers {

namespace {
bool ident_start(char c) { return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || c == '_'; }
bool ident_char(char c) { return ident_start(c) || (c >= '0' && c <= '9') || c == '-'; }

void require_identifier(std::string_view text, std::string_view what) {
  if (!is_identifier(text)) throw std::invalid_argument(std::string(what) + " is not an identifier: " + std::string(text));
}
}  // namespace

bool is_identifier(std::string_view text) {
  if (text.empty() || !ident_start(text[0])) return false;
  return std::all_of(text.begin(), text.end(), ident_char);
}

std::string sanitize_identifier(std::string_view text) {
  std::string out;
  for (char c : text) out.push_back(ident_char(c) ? c : '_');
  if (out.empty() || !ident_start(out[0])) out.insert(out.begin(), '_');
  return out;
}

std::string IdentifierTable::unique(std::string_view name_space, std::string_view wanted) {
  std::string base = sanitize_identifier(wanted);
  auto& used = used_[std::string(name_space)];
  std::string name = base;
  for (int n = 2; used.count(name); ++n) name = base + "-" + std::to_string(n);
  used[name] = 1;
  return name;
}

std::string_view type_constraint_text(TypeConstraint type) {
  switch (type) {
    case TypeConstraint::String: return "string";
    case TypeConstraint::Number: return "number";
    case TypeConstraint::Bool: return "bool";
    case TypeConstraint::ListOfString: return "list(string)";
    case TypeConstraint::MapOfString: return "map(string)";
  }
  return "string";
}

Expr Expr::ref(std::string_view path) {
  Ref ref;
  std::size_t i = 0;
  while (i < path.size()) {
    if (path[i] == '[') {
      std::size_t close = path.find(']', i);
      if (close == std::string_view::npos) throw std::invalid_argument("unclosed index in reference");
      std::string_view inner = path.substr(i + 1, close - i - 1);
      if (inner == "*") {
        ref.steps.push_back(Step{Step::Kind::Splat, {}, 0});
      } else if (!inner.empty() && std::all_of(inner.begin(), inner.end(), [](char c) { return c >= '0' && c <= '9'; })) {
        ref.steps.push_back(Step{Step::Kind::Index, {}, std::stoll(std::string(inner))});
      } else {
        std::size_t start = 0;
        while (true) {
          std::size_t dot = inner.find('.', start);
          require_identifier(inner.substr(start, dot == std::string_view::npos ? dot : dot - start), "index reference");
          if (dot == std::string_view::npos) break;
          start = dot + 1;
        }
        ref.steps.push_back(Step{Step::Kind::RefIndex, std::string(inner), 0});
      }
      i = close + 1;
      if (i < path.size() && path[i] == '.') ++i;
      continue;
    }
    std::size_t end = path.find_first_of(".[", i);
    if (end == std::string_view::npos) end = path.size();
    std::string_view name = path.substr(i, end - i);
    require_identifier(name, "reference segment");
    ref.steps.push_back(Step{Step::Kind::Attr, std::string(name), 0});
    i = end;
    if (i < path.size() && path[i] == '.') ++i;
  }
  if (ref.steps.empty() || ref.steps[0].kind != Step::Kind::Attr) throw std::invalid_argument("empty reference");
  return Expr{std::move(ref)};
}

Expr Expr::call(std::string function, std::vector<Expr> args) {
  require_identifier(function, "function name");
  return Expr{Call{std::move(function), std::move(args)}};
}

Expr Expr::conditional(Expr condition, Expr then, Expr otherwise) {
  Conditional c;
  c.parts.push_back(std::move(condition));
  c.parts.push_back(std::move(then));
  c.parts.push_back(std::move(otherwise));
  return Expr{std::move(c)};
}

Expr Expr::compare(Compare op, Expr lhs, Expr rhs) {
  Comparison c{op, {}};
  c.operands.push_back(std::move(lhs));
  c.operands.push_back(std::move(rhs));
  return Expr{std::move(c)};
}

Expr Expr::object(std::vector<std::pair<std::string, Expr>> entries) {
  std::stable_sort(entries.begin(), entries.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  return Expr{Object{std::move(entries)}};
}

bool Expr::is_literal_value() const {
  if (std::holds_alternative<String>(node) || std::holds_alternative<Number>(node) ||
      std::holds_alternative<Bool>(node) || std::holds_alternative<Null>(node))
    return true;
  if (auto* t = std::get_if<Tuple>(&node))
    return std::all_of(t->items.begin(), t->items.end(), [](const Expr& e) { return e.is_literal_value(); });
  if (auto* o = std::get_if<Object>(&node))
    return std::all_of(o->entries.begin(), o->entries.end(), [](const auto& e) { return e.second.is_literal_value(); });
  return false;
}

Block::Block(std::string type_, std::vector<std::string> labels_) : type(std::move(type_)), labels(std::move(labels_)) {
  require_identifier(type, "block type");
  for (const auto& label : labels) require_identifier(label, "block label");
}

Block& Block::set(std::string name, Expr value) {
  require_identifier(name, "attribute name");
  body.emplace_back(Attribute{std::move(name), std::move(value)});
  return *this;
}

Block& Block::add(Block block) {
  body.emplace_back(std::move(block));
  return *this;
}

}  // namespace gpuspec::writers
