// What `bom` and `quote` do with a project's programs that is the cost backend's own:
// which servers and clouds a quote covers, and the pack's rules that read a quote's
// price age (today cost.stale-price) run over the options a quote priced, with the
// price age of what each used. Loading the project (files, configs, price books) is the
// driver's.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "backends/cost/price_book.h"
#include "backends/cost/quote.h"
#include "diag/diagnostic.h"
#include "lint/lint.h"
#include "lint/policy.h"
#include "sema/program.h"

namespace gpuspec::cost_rules {

// The servers and clouds of every program (roots and imports), each program's in
// order; `name` keeps the ones named so or serving the workload so named.
std::vector<cost::Deployment> project_deployments(const std::vector<const sema::Program*>& programs,
                                            const std::optional<std::string>& name);

// The policies of `pack` that read what only a quote knows (the price age of what it
// used, cost::PriceAgeFacts), alone: the rest of the pack is `check`'s business.
lint::PolicySet quote_rules(const lint::PolicySet& pack);

// Runs `rules` over `program` with its cost facts priced from `book`, plus the price
// age (as of `options.today`) of what `quote` used for each option it quoted; adds to
// `diags` the findings on those options only.
void add_quote_findings(const sema::Program& program, const lint::PolicySet& rules, const lint::LintOptions& options,
                        const cost::PriceBook& book, const cost::Quote& quote, DiagnosticEngine& diags);

}  // namespace gpuspec::cost_rules
