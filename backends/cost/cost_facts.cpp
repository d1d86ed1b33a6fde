#include "backends/cost/cost_facts.h"

#include <fmt/format.h>

#include "backends/cost/quote.h"
#include "facts/properties.h"

namespace gpuspec::cost {

namespace {

units::Quantity money(double v, units::Currency c) { return {v, units::Dimension::money_amount(), c}; }
units::Quantity rate(double per_hour, units::Currency c) { return {per_hour / 3600, units::Dimension::money_rate(), c}; }
units::Quantity months(double m) { return {m * kHoursPerMonth * 3600, units::Dimension::duration(), units::Currency::None}; }


facts::Origin derived(const ast::Declaration& decl, std::string why) {
  return facts::Origin{facts::Origin::Kind::Derived, decl.name_range, {}, std::move(why)};
}

}  // namespace

DeploymentIndex index_deployments(const sema::Program& program) {
  DeploymentIndex index;
  for (const auto* entry : program.user_declarations()) {
    if (entry->decl->kind != "server" && entry->decl->kind != "cloud") continue;
    if (auto workload = facts::served_workload(*entry->decl); !workload.empty()) index.emplace(workload, entry);
  }
  return index;
}

void add_cost_facts(const sema::Program& program, const sema::DeclEntry& entry, facts::FactSet& facts,
                    const PriceBook& book, const DeploymentIndex* deployments) {
  const ast::Declaration& decl = *entry.decl;
  const std::string workload = decl.kind == "workload" ? decl.name : facts::served_workload(decl);
  // This declaration plus the other deployments serving the same workload.
  std::vector<const sema::DeclEntry*> decls;
  if (decl.kind != "workload") decls.push_back(&entry);
  if (!workload.empty()) {
    DeploymentIndex local;
    if (!deployments) {
      local = index_deployments(program);
      deployments = &local;
    }
    auto [first, last] = deployments->equal_range(workload);
    for (auto it = first; it != last; ++it) {
      if (it->second != &entry) decls.push_back(it->second);
    }
  }
  if (decls.empty()) return;
  QuoteOptions options;
  // A cloud without a server quotes in its budget's currency (so budget.exceeded compares like with like).
  if (decl.kind == "cloud") {
    if (auto budget = facts.quantity("budget"); budget && budget->currency != units::Currency::None) {
      options.currency = budget->currency;
    }
  }
  DiagnosticEngine silent;  // missing prices leave the facts out; the policy stays silent
  Quote q = build_quote(program, decls, book, options, silent);
  const units::Currency c = q.currency;
  if (decl.kind == "server" && !q.servers.empty()) {
    const OnPremQuote& s = q.servers.front();
    if (s.bom.complete) facts.set("cost.capex", facts::Value::of(money(s.bom.total, c)), derived(decl, "sum of the BOM's line totals"));
    if (s.energy_per_month) {
      facts.set("cost.hourly", facts::Value::of(rate(*s.energy_per_month / kHoursPerMonth, c)),
                derived(decl, "electricity: full load x PUE x utilization x price"));
    }
    if (s.tco) facts.set("cost.total_over_horizon", facts::Value::of(money(*s.tco, c)), derived(decl, "capex + electricity over the horizon"));
  }
  if (decl.kind == "cloud" && !q.clouds.empty()) {
    const CloudQuote& cl = q.clouds.front();
    if (cl.hourly) {
      facts.set("cost.hourly", facts::Value::of(rate(*cl.hourly * cl.count * cl.utilization, c)),
                derived(decl, fmt::format("{} x on-demand price x {} utilization", cl.count, cl.utilization)));
    }
    if (cl.total) facts.set("cost.total_over_horizon", facts::Value::of(money(*cl.total, c)), derived(decl, "hourly x count x hours x utilization"));
  }
  for (const auto& cmp : q.comparisons) {
    if (!cmp.breakeven_months) continue;
    if (decl.kind == "workload" || cmp.server == decl.name || cmp.cloud == decl.name) {
      facts.set("cost.breakeven_months", facts::Value::of(months(*cmp.breakeven_months)),
                derived(decl, fmt::format("capex / (cloud monthly - on-premises monthly): {} vs {}", cmp.server, cmp.cloud)));
      break;
    }
  }
}

}  // namespace gpuspec::cost
