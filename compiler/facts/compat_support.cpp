#include "facts/compat_support.h"

#include <charconv>

#include "facts/fact_memo.h"

namespace gpuspec::facts {

const Fact* software(const FactSet& facts, const std::string& key) {
  // The keys the resolvers ask for, resolved once: composing and hashing two names per
  // question was a visible share of resolving a server (issue 12).
  static const struct {
    std::string_view key;
    FactKey own, served;
  } known[] = {{"os", "software.os"_fact, "workload.software.os"_fact},
               {"framework", "software.framework"_fact, "workload.software.framework"_fact},
               {"cuda", "software.cuda"_fact, "workload.software.cuda"_fact},
               {"driver", "software.driver"_fact, "workload.software.driver"_fact},
               {"containers", "software.containers"_fact, "workload.software.containers"_fact},
               {"monitoring", "software.monitoring"_fact, "workload.software.monitoring"_fact},
               {"distributed", "software.distributed"_fact, "workload.software.distributed"_fact}};
  for (const auto& k : known) {
    if (k.key != key) continue;
    if (const Fact* own = facts.find(k.own)) return own;
    return facts.find(k.served);
  }
  if (const Fact* own = facts.find("software." + key)) return own;
  return facts.find("workload.software." + key);
}

std::pair<std::string, std::string> split_versioned(const std::string& text) {
  auto at = text.find('@');
  if (at == std::string::npos) return {text, ""};
  return {text.substr(0, at), text.substr(at + 1)};
}

std::vector<std::string> symbols_of(const Value& v) {
  std::vector<std::string> out;
  if (v.type == Value::Type::Symbol || v.type == Value::Type::String) out.push_back(v.text);
  if (v.type == Value::Type::List) {
    for (const auto& item : v.items) {
      if (item.type == Value::Type::Symbol || item.type == Value::Type::String) out.push_back(item.text);
    }
  }
  return out;
}

std::vector<int> parse_version(std::string_view text) {
  std::vector<int> parts;
  while (!text.empty()) {
    int n = 0;
    auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), n);
    if (ec != std::errc{}) return {};
    parts.push_back(n);
    text.remove_prefix(static_cast<std::size_t>(end - text.data()));
    if (text.empty()) break;
    if (text.front() != '.') return {};
    text.remove_prefix(1);
  }
  return parts;
}

int compare_versions(const std::vector<int>& a, const std::vector<int>& b, std::size_t n) {
  for (std::size_t i = 0; i < n; ++i) {
    int x = i < a.size() ? a[i] : 0;
    int y = i < b.size() ? b[i] : 0;
    if (x != y) return x < y ? -1 : 1;
  }
  return 0;
}

std::string join(const std::vector<std::string>& items) {
  std::string out;
  for (const auto& s : items) out += (out.empty() ? "" : ", ") + s;
  return out;
}

Origin catalog_origin(const sema::DeclEntry& entry, std::string_view property, Explanation explanation) {
  const ast::Property* p = find_property(entry.decl->body, property);
  return Origin{Origin::Kind::Catalog, p ? p->range : entry.decl->name_range, entry.decl->name, std::move(explanation)};
}

Origin default_origin(const ast::Declaration& decl, Explanation why) {
  return Origin{Origin::Kind::Default, decl.name_range, {}, std::move(why)};
}

const std::vector<const sema::DeclEntry*>& entries_of_kind(const sema::Program& program, std::string_view kind) {
  note_table_read(kind);  // a memoized provider depends on which table it walks (fact_memo.h)
  return program.declarations_of_kind(kind);
}

std::optional<std::string> string_property(const sema::DeclEntry& entry, std::string_view property) {
  const CatalogFact* fact = catalog_fact(entry, property);
  if (!fact || (fact->value.type != Value::Type::String && fact->value.type != Value::Type::Symbol)) return std::nullopt;
  return fact->value.text;
}

}  // namespace gpuspec::facts
