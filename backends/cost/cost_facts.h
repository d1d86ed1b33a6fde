// cost.* facts for the policies (budget.exceeded, deploy.short-horizon-onprem,
// cost.stale-price). Every money fact is exact or a lower bound — the priced terms of a
// sum whose other terms have no price — so a requirement `cost.X <= limit` that fails
// on it fails on the real figure too:
//
//   server:   cost.capex (money), cost.hourly (electricity, money/s), cost.total_over_horizon
//             (capex + electricity over the workload's horizon), cost.breakeven_months
//             (a duration) against a cloud option serving the same workload
//   cloud:    cost.hourly (instances x price x billed share + storage), cost.total_over_horizon
//             (over its duration, else the workload's horizon), cost.breakeven_months
//   workload: cost.breakeven_months of the first server/cloud pair serving it
//   server and cloud: cost.complete and cost.completeness (whether the figure the budget
//             judges — a server's capex, a cloud's total — has every price); from
//             `gpuspec quote` only (add_price_age), cost.price_age / cost.oldest_price:
//             the oldest price or rate the quote used.
//
// cost.breakeven_months is set only when exact or a lower bound (never when it is an
// upper bound), so `cost.breakeven_months <= horizon` stays sound.
#pragma once

#include <map>
#include <string>
#include <string_view>
#include <vector>

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

// cost.price_age and cost.oldest_price: the oldest of `used` (the prices and rates one
// option of a quote used) on `today` (YYYY-MM-DD). `gpuspec quote` adds them from the
// quote it prints; `gpuspec check` does not, so a build never starts failing because
// the calendar moved.
void add_price_age(const ast::Declaration& decl, facts::FactSet& facts, const std::vector<PriceSource>& used,
                   std::string_view today);

}  // namespace gpuspec::cost
