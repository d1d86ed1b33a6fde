// Which rules run: ruff's --select / --ignore over the policy ids. A pattern is a rule
// id (`memory.ram-2x-vram`), a prefix ending at a `.` or `-` of the id (`ops` takes
// every ops.* rule, `storage.nvme` takes storage.nvme-for-training), or a glob with `*`
// and `?` (`ops.*`, `storage.nvme-*`). Without a select pattern every rule is selected;
// a rule that both a select and an ignore pattern name follows the more specific one
// (an id over a prefix or glob, then the one with more literal characters), and on a
// tie it is ignored.
#pragma once

#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace gpuspec::lint {

struct RuleSelection {
  std::optional<std::vector<std::string>> select;  // nullopt: every rule
  std::vector<std::string> ignore;
};

// Whether `pattern` names the rule `id`.
bool pattern_matches(std::string_view pattern, std::string_view id);

// The rules `selection` turns off, of `known_rules`.
std::set<std::string> disabled_rules(const RuleSelection& selection, const std::vector<std::string_view>& known_rules);

// A pattern that names no rule is a typo that would silently do nothing: the message
// refusing the first such pattern (`where` says where it was given), or nullopt.
std::optional<std::string> pattern_naming_no_rule(const RuleSelection& selection,
                                                  const std::vector<std::string_view>& known_rules, std::string_view where);

// "unknown rule 'ops.monitorin' (in gpuspec.json or on the command line); did you mean
// 'ops.monitoring'?" ("no rule matches 'opps.*' ..." for a glob): the refusal of a
// pattern or rule id that names nothing.
std::string naming_no_rule(std::string_view pattern, const std::vector<std::string_view>& known_rules,
                           std::string_view where);

}  // namespace gpuspec::lint
