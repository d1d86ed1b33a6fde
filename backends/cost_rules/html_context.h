// What an HTML report needs besides the quote (backends/cost/report_html.h): each
// server's balance against the pack's thresholds (from its facts) and the source and
// address of every price, looked up in the programs the prices came from.
#pragma once

#include <string>
#include <vector>

#include "backends/cost/quote.h"
#include "backends/cost/report_html.h"
#include "lint/policy.h"
#include "sema/program.h"

namespace gpuspec::cost_rules {

// `policies` give the balance thresholds; `programs` are searched in order for a
// price's declaration (the specs, then the --prices files; each sees the stdlib).
cost::HtmlContext html_context(const lint::PolicySet& policies, const std::vector<cost::Deployment>& deployments,
                         std::vector<const sema::Program*> programs, std::string title);

}  // namespace gpuspec::cost_rules
