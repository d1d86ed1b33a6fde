#include "driver/test_scope.h"

#include <filesystem>

#include "diag/verify_directives.h"

namespace gpuspec::driver {

std::set<std::string> rules_named_by_test(const SourceFile& test, const std::string& path, const lint::PolicySet& policies) {
  std::set<std::string> scope;
  for (const auto& expectation : parse_verify_directives(test).expectations) {
    if (expectation.id && policies.find(*expectation.id)) scope.insert(*expectation.id);
  }
  std::string folder = std::filesystem::path(path).parent_path().filename().string();
  if (policies.find(folder)) scope.insert(folder);
  return scope;
}

std::set<std::string> rules_outside(const std::set<std::string>& scope, const lint::PolicySet& policies) {
  std::set<std::string> out;
  for (const auto& policy : policies.policies()) {
    if (!scope.count(policy.id)) out.insert(policy.id);
  }
  return out;
}

}  // namespace gpuspec::driver
