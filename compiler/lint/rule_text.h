// Text of a policy as `rules` and `explain` show it.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "ast/ast.h"
#include "lint/policy.h"
#include "source/source.h"

namespace gpuspec::lint {

// Triple-quoted strings keep their source indentation: strip the common indent
// and blank first and last lines. Ends in "\n" unless empty.
std::string dedent(std::string_view text);

// The source text of a policy property's value ("memory.total >= 2 * gpu.vram_total"),
// exactly as written; nullopt when the policy has no such property.
std::optional<std::string> property_source(const lint::Policy& policy, std::string_view key, const SourceManager& sources);

// A string property's value (example_fail, example_pass); nullopt when absent.
std::optional<std::string> string_property(const lint::Policy& policy, std::string_view key);

// A section of a source document a rule cites: "000 §3", "002 Q1", "000 §6.3",
// "002 summary". `anchor` is its id in docs/sources.md ("000-3", "002-q1", "000-6-3").
struct Citation {
  std::string text;
  std::string anchor;
};
// Every distinct citation in `text`, in order of first appearance.
std::vector<Citation> citations_in(std::string_view text);

// "lowered to warning when `expr`; ..." for severity_when, or "" when the policy has none.
std::string severity_conditions(const lint::Policy& policy, const SourceManager& sources);

}  // namespace gpuspec::lint
