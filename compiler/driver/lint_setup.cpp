#include "driver/lint_setup.h"

#include <fmt/format.h>

#include <string_view>
#include <vector>

#include "sema/suggest.h"

namespace gpuspec::driver {

std::optional<LintOverrides> overrides_from(const ParsedArgs& args, std::string& error) {
  LintOverrides out;
  out.policy_dirs = args.values("--policies");
  for (const auto& rule : args.values("--disable")) out.disabled.insert(rule);
  for (const auto& pair : args.values("--severity")) {
    auto eq = pair.find('=');
    auto level = eq == std::string::npos ? std::nullopt : parse_rule_level(pair.substr(eq + 1));
    if (!level) {
      error = fmt::format("--severity takes RULE=error|warning|info, not '{}'", pair);
      return std::nullopt;
    }
    out.severities[pair.substr(0, eq)] = *level;
  }
  if (auto level = args.value("--fail-on")) {
    out.fail_on = parse_rule_level(*level);
    if (!out.fail_on) {
      error = fmt::format("--fail-on takes error, warning or info, not '{}'", *level);
      return std::nullopt;
    }
  }
  return out;
}

std::optional<std::string> unknown_rule(const LintConfig& config, const lint::PolicySet& policies) {
  std::vector<std::string> named(config.disabled.begin(), config.disabled.end());
  for (const auto& [rule, level] : config.severities) named.push_back(rule);
  std::vector<std::string_view> ids;
  for (const auto& p : policies.policies()) ids.push_back(p.id);
  for (const auto& rule : named) {
    if (policies.find(rule)) continue;
    std::string where = config.path.empty() ? "on the command line" : fmt::format("(in {} or on the command line)", config.path);
    auto near = sema::nearest(rule, ids);
    return fmt::format("unknown rule '{}' {}{}", rule, where,
                       near ? fmt::format("; did you mean '{}'?", *near) : std::string("; `gpuspec rules` lists them"));
  }
  return std::nullopt;
}

}  // namespace gpuspec::driver
