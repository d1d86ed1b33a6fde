#include "diag/render_statistics.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>

namespace gpuspec {

namespace {

// Most frequent first; among equal counts, ids in order (a std::map's iteration order,
// kept by the stable sort), so the output is deterministic.
template <typename Pairs, typename Count>
void sort_by_count(Pairs& pairs, Count count) {
  std::stable_sort(pairs.begin(), pairs.end(), [&](const auto& a, const auto& b) { return count(a) > count(b); });
}

constexpr std::size_t kInfoRulesNamed = 5;

}  // namespace

void RuleStatistics::add(std::string_view id, Severity severity, bool fixable) {
  auto it = by_id_.find(id);
  if (it == by_id_.end()) it = by_id_.emplace(std::string(id), Entry{}).first;
  Entry& entry = it->second;
  ++entry.count;
  if (entry.count == 1 || severity_rank(severity) > severity_rank(entry.severity)) entry.severity = severity;
  entry.fixable = entry.fixable || fixable;
}

std::vector<std::pair<std::string, RuleStatistics::Entry>> RuleStatistics::sorted() const {
  std::vector<std::pair<std::string, Entry>> out(by_id_.begin(), by_id_.end());
  sort_by_count(out, [](const auto& pair) { return pair.second.count; });
  return out;
}

std::string RuleStatistics::text() const {
  auto rows = sorted();
  std::size_t count_width = 1, id_width = 0;
  bool any_fixable = false;
  for (const auto& [id, entry] : rows) {
    count_width = std::max(count_width, fmt::formatted_size("{}", entry.count));
    id_width = std::max(id_width, id.size());
    any_fixable = any_fixable || entry.fixable;
  }
  std::string out;
  for (const auto& [id, entry] : rows) {
    fmt::format_to(std::back_inserter(out), "{:>{}}\t{:<{}}\t{}{}\n", entry.count, count_width, id, id_width,
                   any_fixable ? (entry.fixable ? "[*] " : "[ ] ") : "", severity_name(entry.severity));
  }
  return out;
}

nlohmann::ordered_json RuleStatistics::json() const {
  nlohmann::ordered_json list = nlohmann::ordered_json::array();
  for (const auto& [id, entry] : sorted()) {
    list.push_back({{"id", id},
                    {"severity", std::string(severity_name(entry.severity))},
                    {"count", entry.count},
                    {"fixable", entry.fixable}});
  }
  return list;
}

std::string render_hidden_infos(const DiagnosticCounts& counts) {
  if (counts.infos == 0) return "";
  std::vector<std::pair<std::string, std::size_t>> rules(counts.infos_by_rule.begin(), counts.infos_by_rule.end());
  sort_by_count(rules, [](const auto& pair) { return pair.second; });
  std::vector<std::string> named;
  for (std::size_t i = 0; i < rules.size() && i < kInfoRulesNamed; ++i) {
    named.push_back(fmt::format("{} {}", rules[i].first, rules[i].second));
  }
  if (rules.size() > kInfoRulesNamed) named.push_back(fmt::format("{} more rules", rules.size() - kInfoRulesNamed));
  return fmt::format("+ {} info{} ({}); --verbose to show\n", counts.infos, counts.infos == 1 ? "" : "s",
                     fmt::join(named, ", "));
}

}  // namespace gpuspec
