// Text of a policy as `rules` and `explain` show it.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "ast/ast.h"
#include "lint/policy.h"
#include "source/source.h"

namespace gpuspec::driver {

// Triple-quoted strings keep their source indentation: strip the common indent
// and blank first and last lines. Ends in "\n" unless empty.
std::string dedent(std::string_view text);

// The source text of a policy property's value ("memory.total >= 2 * gpu.vram_total"),
// exactly as written; nullopt when the policy has no such property.
std::optional<std::string> property_source(const lint::Policy& policy, std::string_view key, const SourceManager& sources);

// A string property's value (example_fail, example_pass); nullopt when absent.
std::optional<std::string> string_property(const lint::Policy& policy, std::string_view key);

}  // namespace gpuspec::driver
