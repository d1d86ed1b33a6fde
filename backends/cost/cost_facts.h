// cost.* facts for the policies (budget.exceeded, deploy.short-horizon-onprem): set
// where computable, absent where a price is missing (the policy is then silent).
//
//   server:   cost.capex (money), cost.hourly (electricity, money/s), cost.total_over_horizon
//             (capex + electricity over the workload's horizon), cost.breakeven_months
//             (a duration) against a cloud option serving the same workload
//   cloud:    cost.hourly (count x on-demand price x utilization), cost.total_over_horizon
//             (over its duration, else the workload's horizon), cost.breakeven_months
//   workload: cost.breakeven_months of the first server/cloud pair serving it
#pragma once

#include <map>
#include <string>

#include "backends/cost/price_book.h"
#include "facts/fact.h"
#include "sema/program.h"

namespace gpuspec::cost {

// Servers and clouds by the workload they serve (the first of `serves`).
using DeploymentIndex = std::multimap<std::string, const sema::DeclEntry*, std::less<>>;
DeploymentIndex index_deployments(const sema::Program& program);

// `deployments` lets a caller that adds facts for every declaration build the index
// once (linting a large program would otherwise scan it once per declaration).
void add_cost_facts(const sema::Program& program, const sema::DeclEntry& decl, facts::FactSet& facts,
                    const PriceBook& book, const DeploymentIndex* deployments = nullptr);

}  // namespace gpuspec::cost
