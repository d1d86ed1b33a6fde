// The rule metadata `check --format sarif` carries for the policies of a run.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "diag/render_sarif.h"
#include "lint/policy.h"

namespace gpuspec::lint {

// A message template as a description: each `{expr}` hole becomes `<expr>`, so
// "{gpu.count} GPUs per node" reads "<gpu.count> GPUs per node" (a rule has no
// facts to fill the holes with; each result's message has them filled).
std::string describe_template(std::string_view message);

// One SarifRule per policy: the described message, the doc, the source, and a
// helpUri only when the policy names a page of its own (help_url).
std::vector<SarifRule> sarif_rules_of(const lint::PolicySet& policies);

}  // namespace gpuspec::lint
