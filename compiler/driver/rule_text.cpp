#include "driver/rule_text.h"

#include <algorithm>
#include <sstream>
#include <vector>

namespace gpuspec::driver {

namespace {

const ast::Property* find_property(const lint::Policy& policy, std::string_view key) {
  if (!policy.decl) return nullptr;
  for (const auto& item : policy.decl->body.items) {
    if (const auto* p = std::get_if<ast::Property>(&item); p && p->key == key) return p;
  }
  return nullptr;
}

bool blank(std::string_view line) { return line.find_first_not_of(" \t\r") == std::string_view::npos; }

}  // namespace

std::string dedent(std::string_view text) {
  std::vector<std::string> lines;
  std::istringstream in{std::string(text)};
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  while (!lines.empty() && blank(lines.front())) lines.erase(lines.begin());
  while (!lines.empty() && blank(lines.back())) lines.pop_back();
  std::size_t indent = std::string::npos;
  for (const auto& line : lines) {
    if (!blank(line)) indent = std::min(indent, line.find_first_not_of(" \t"));
  }
  std::string out;
  for (const auto& line : lines) out += (blank(line) ? std::string() : line.substr(indent)) + "\n";
  return out;
}

std::optional<std::string> property_source(const lint::Policy& policy, std::string_view key, const SourceManager& sources) {
  const ast::Property* p = find_property(policy, key);
  if (!p || !p->value->range.valid()) return std::nullopt;
  const SourceRange& r = p->value->range;
  return sources.file(r.file).text().substr(r.begin, r.end - r.begin);
}

std::optional<std::string> string_property(const lint::Policy& policy, std::string_view key) {
  const ast::Property* p = find_property(policy, key);
  if (!p) return std::nullopt;
  if (const auto* s = p->value->as<ast::StringLit>()) return s->value;
  return std::nullopt;
}

}  // namespace gpuspec::driver
