// The lint settings a command takes from its flags, shared by `check` and `suggest`:
// --policies, --disable, --severity and --fail-on on top of a gpuspec.json, and the
// refusal of a rule id no policy has.
#pragma once

#include <optional>
#include <string>

#include "driver/args.h"
#include "driver/config.h"
#include "lint/policy.h"

namespace gpuspec::driver {

// The command line's overrides; nullopt with `error` set for a malformed value.
std::optional<LintOverrides> overrides_from(const ParsedArgs& args, std::string& error);

// A rule named in --disable, --severity or a config that no policy has is a typo
// that would silently do nothing: the message refusing it, or nullopt.
std::optional<std::string> unknown_rule(const LintConfig& config, const lint::PolicySet& policies);

}  // namespace gpuspec::driver
