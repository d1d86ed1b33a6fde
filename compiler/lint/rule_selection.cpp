#include "lint/rule_selection.h"

#include <fmt/format.h>
#include <fnmatch.h>

#include <algorithm>

#include "sema/suggest.h"

namespace gpuspec::lint {

namespace {

bool is_glob(std::string_view pattern) { return pattern.find_first_of("*?[") != std::string_view::npos; }

// How specific the most specific of `patterns` that names `id` is; 0 when none does. A
// whole id beats any prefix or glob, then the pattern with more literal characters wins
// (`storage.nvme-*` over `storage`); a bare `*` is 1.
std::size_t best_match(const std::vector<std::string>& patterns, std::string_view id) {
  std::size_t best = 0;
  for (const auto& pattern : patterns) {
    if (!pattern_matches(pattern, id)) continue;
    std::size_t literal = pattern == id ? SIZE_MAX - 1
                                        : static_cast<std::size_t>(std::count_if(pattern.begin(), pattern.end(), [](char c) {
                                            return c != '*' && c != '?';
                                          }));
    best = std::max(best, literal + 1);
  }
  return best;
}

// The areas of the rules (`ops`, `storage`): names a prefix pattern may be a typo of.
std::vector<std::string> areas_of(const std::vector<std::string_view>& known_rules) {
  std::set<std::string> areas;
  for (auto id : known_rules) {
    if (auto dot = id.find('.'); dot != std::string_view::npos) areas.emplace(id.substr(0, dot));
  }
  return {areas.begin(), areas.end()};
}

}  // namespace

bool pattern_matches(std::string_view pattern, std::string_view id) {
  if (pattern.empty()) return false;
  if (is_glob(pattern)) return fnmatch(std::string(pattern).c_str(), std::string(id).c_str(), 0) == 0;
  if (!id.starts_with(pattern)) return false;
  return id.size() == pattern.size() || id[pattern.size()] == '.' || id[pattern.size()] == '-';
}

std::set<std::string> disabled_rules(const RuleSelection& selection, const std::vector<std::string_view>& known_rules) {
  std::set<std::string> disabled;
  for (auto id : known_rules) {
    std::size_t selected = selection.select ? best_match(*selection.select, id) : 1;
    std::size_t ignored = best_match(selection.ignore, id);
    if (selected == 0 || (ignored != 0 && ignored >= selected)) disabled.emplace(id);
  }
  return disabled;
}

std::optional<std::string> pattern_naming_no_rule(const RuleSelection& selection,
                                                  const std::vector<std::string_view>& known_rules, std::string_view where) {
  std::vector<std::string> patterns = selection.ignore;
  if (selection.select) patterns.insert(patterns.begin(), selection.select->begin(), selection.select->end());
  for (const auto& pattern : patterns) {
    if (std::none_of(known_rules.begin(), known_rules.end(), [&](auto id) { return pattern_matches(pattern, id); })) {
      return naming_no_rule(pattern, known_rules, where);
    }
  }
  return std::nullopt;
}

std::string naming_no_rule(std::string_view pattern, const std::vector<std::string_view>& known_rules,
                           std::string_view where) {
  std::vector<std::string> areas = areas_of(known_rules);
  std::vector<std::string_view> candidates(known_rules.begin(), known_rules.end());
  candidates.insert(candidates.end(), areas.begin(), areas.end());
  // A glob is compared without its wildcards: `opps.*` is a slip of `ops`.
  std::string bare(pattern);
  if (is_glob(bare)) {
    std::erase_if(bare, [](char c) { return c == '*' || c == '?' || c == '[' || c == ']'; });
    while (!bare.empty() && (bare.back() == '.' || bare.back() == '-')) bare.pop_back();
  }
  auto near = sema::nearest(bare, candidates);
  std::string what = is_glob(pattern) ? fmt::format("no rule matches '{}'", pattern) : fmt::format("unknown rule '{}'", pattern);
  return fmt::format("{} {}{}", what, where,
                     near ? fmt::format("; did you mean '{}'?", *near) : std::string("; `gpuspec rules` lists them"));
}

}  // namespace gpuspec::lint
