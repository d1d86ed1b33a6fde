// Which rules `gpuspec test` runs on one test file: the rules it is about. A test
// of one custom rule should not have to be a complete server that every built-in
// rule passes; it names its rules in its expected-...[RULE] comments, or lives in a
// folder named after its rule (test/policies/RULE/silent.gpuspec names none).
#pragma once

#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "lint/policy.h"
#include "source/source.h"

namespace gpuspec::lint {

// The policy ids `test` is about (empty: it names none, so every rule runs).
std::set<std::string> rules_named_by_test(const SourceFile& test, const std::string& path, const lint::PolicySet& policies);

// Every policy id not in `scope`: what the lint step disables for this test.
std::set<std::string> rules_outside(const std::set<std::string>& scope, const lint::PolicySet& policies);

// The rules `test` is about that no loaded policy defines: what its expected-...[RULE]
// comments name and its folder is named after (a test of a team rule run without the
// --policies folder that defines it), leaving out the engine's own dotted ids
// (`waiver.unused`, `policy.evaluation-error`).
std::set<std::string> rules_not_loaded(const SourceFile& test, const std::string& path, const lint::PolicySet& policies);

}  // namespace gpuspec::lint
