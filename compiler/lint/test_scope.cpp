#include "lint/test_scope.h"

#include <algorithm>
#include <filesystem>
#include <string_view>

#include "diag/verify_directives.h"

namespace gpuspec::lint {

std::set<std::string> rules_named_by_test(const SourceFile& test, const std::string& path, const lint::PolicySet& policies) {
  std::set<std::string> scope;
  for (const auto& expectation : parse_verify_directives(test).expectations) {
    if (expectation.id && policies.find(*expectation.id)) scope.insert(*expectation.id);
  }
  std::string folder = std::filesystem::path(path).parent_path().filename().string();
  if (policies.find(folder)) scope.insert(folder);
  return scope;
}

namespace {

// Diagnostics the lint engine and the cost backend report under a dotted id of their own.
constexpr std::string_view kEngineIds[] = {"policy.evaluation-error", "waiver.unused", "waiver.unknown-rule", "cost.overflow"};

// `area.rule-name`: lower-case words joined by dots, as policy ids are written.
bool looks_like_rule_id(std::string_view name) {
  if (name.find('.') == std::string_view::npos || name.front() == '.' || name.back() == '.') return false;
  return std::all_of(name.begin(), name.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '.' || c == '-' || c == '_';
  });
}

}  // namespace

std::set<std::string> rules_not_loaded(const SourceFile& test, const std::string& path, const lint::PolicySet& policies) {
  std::vector<std::string> named;
  for (const auto& expectation : parse_verify_directives(test).expectations) {
    if (expectation.id) named.push_back(*expectation.id);
  }
  named.push_back(std::filesystem::path(path).parent_path().filename().string());
  std::set<std::string> out;
  for (const auto& id : named) {
    if (!looks_like_rule_id(id) || policies.find(id)) continue;
    if (std::find(std::begin(kEngineIds), std::end(kEngineIds), id) != std::end(kEngineIds)) continue;
    out.insert(id);
  }
  return out;
}

std::set<std::string> rules_outside(const std::set<std::string>& scope, const lint::PolicySet& policies) {
  std::set<std::string> out;
  for (const auto& policy : policies.policies()) {
    if (!scope.count(policy.id)) out.insert(policy.id);
  }
  return out;
}

}  // namespace gpuspec::lint
