#include "lint/rule_text.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <sstream>
#include <vector>

namespace gpuspec::lint {

namespace {

const ast::Property* find_property(const lint::Policy& policy, std::string_view key) {
  const ast::Declaration* decl = policy.syntax().decl;
  if (!decl) return nullptr;
  for (const auto& item : decl->body.items) {
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

std::vector<Citation> citations_in(std::string_view text) {
  std::vector<Citation> out;
  auto digits = [&](std::size_t at) {
    std::size_t end = at;
    while (end < text.size() && std::isdigit(static_cast<unsigned char>(text[end]))) ++end;
    return end;
  };
  constexpr std::string_view kSection = "\xc2\xa7";  // "§" in UTF-8
  for (std::size_t at = 0; at + 4 < text.size(); ++at) {
    std::string_view doc = text.substr(at, 3);
    if ((doc != "000" && doc != "002") || text[at + 3] != ' ') continue;
    if (at > 0 && std::isalnum(static_cast<unsigned char>(text[at - 1]))) continue;
    std::size_t rest = at + 4;
    std::string label, anchor;
    if (text.substr(rest, kSection.size()) == kSection) {
      std::size_t end = digits(rest + kSection.size());
      if (end == rest + kSection.size()) continue;
      if (end + 1 < text.size() && text[end] == '.' && std::isdigit(static_cast<unsigned char>(text[end + 1]))) {
        end = digits(end + 1);
      }
      std::string number(text.substr(rest + kSection.size(), end - rest - kSection.size()));
      label = fmt::format("{} \xc2\xa7{}", doc, number);
      std::replace(number.begin(), number.end(), '.', '-');
      anchor = fmt::format("{}-{}", doc, number);
    } else if (text.substr(rest, 1) == "Q") {
      std::size_t end = digits(rest + 1);
      if (end == rest + 1) continue;
      label = fmt::format("{} {}", doc, text.substr(rest, end - rest));
      anchor = fmt::format("{}-q{}", doc, text.substr(rest + 1, end - rest - 1));
    } else if (text.substr(rest, 7) == "summary") {
      label = fmt::format("{} summary", doc);
      anchor = fmt::format("{}-summary", doc);
    } else {
      continue;
    }
    if (std::none_of(out.begin(), out.end(), [&](const Citation& c) { return c.anchor == anchor; })) {
      out.push_back({label, anchor});
    }
  }
  return out;
}

std::string severity_conditions(const lint::Policy& policy, const SourceManager& sources) {
  std::string out;
  for (const auto& lower : policy.syntax().severity_when) {
    if (!out.empty()) out += "; ";
    const SourceRange& r = lower.condition->range;
    out += fmt::format("{} when {}", severity_name(lower.severity),
                       sources.file(r.file).text().substr(r.begin, r.end - r.begin));
  }
  return out;
}

}  // namespace gpuspec::lint
