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

// "sum of the BOM's line totals", or "... (a lower bound: 2 items unpriced: a, b)".
std::string bound_why(const std::string& what, const Total& total, const std::string& noun = "item") {
  return total.lower_bound() ? fmt::format("{}, a lower bound {}", what, unpriced_note(total, noun)) : what;
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
  std::vector<Deployment> decls;
  if (decl.kind != "workload") decls.push_back({&program, &entry});
  if (!workload.empty()) {
    DeploymentIndex local;
    if (!deployments) {
      local = index_deployments(program);
      deployments = &local;
    }
    auto [first, last] = deployments->equal_range(workload);
    for (auto it = first; it != last; ++it) {
      if (it->second != &entry) decls.push_back({&program, it->second});
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
  DiagnosticEngine silent;  // missing prices make the figures lower bounds; `gpuspec quote` reports them
  Quote q = build_quote(decls, book, options, silent);
  const units::Currency c = q.currency;
  auto completeness = [&](const Total& judged, const std::string& noun) {
    facts.set("cost.complete", facts::Value::flag(!judged.lower_bound()), derived(decl, "every price of the quote is known"));
    facts.set("cost.completeness",
              facts::Value::symbol(judged.lower_bound() ? "a lower bound " + unpriced_note(judged, noun) : "every price is known"),
              derived(decl, "the figure the budget judges"));
  };
  if (decl.kind == "server" && !q.servers.empty()) {
    const OnPremQuote& s = q.servers.front();
    facts.set("cost.capex", facts::Value::of(money(s.capex().value, c)),
              derived(decl, bound_why("sum of the BOM's line totals", s.capex(), "part")));
    if (s.energy_per_month) {
      facts.set("cost.hourly", facts::Value::of(rate(*s.energy_per_month / kHoursPerMonth, c)),
                derived(decl, "electricity: full load x PUE x utilization x price"));
    }
    if (s.tco) {
      facts.set("cost.total_over_horizon", facts::Value::of(money(s.tco->value, c)),
                derived(decl, bound_why("capex + electricity over the horizon", *s.tco)));
    }
    completeness(s.capex(), "part");
  }
  if (decl.kind == "cloud" && !q.clouds.empty()) {
    const CloudQuote& cl = q.clouds.front();
    Total monthly = cl.instances_monthly;
    monthly.add(cl.storage_monthly);
    facts.set("cost.hourly", facts::Value::of(rate(monthly.value / kHoursPerMonth, c)),
              derived(decl, bound_why(fmt::format("{} x {} price x {} billed share, plus storage", cl.count,
                                                  cl.pricing, cl.billed_share()),
                                      monthly)));
    if (cl.total) {
      facts.set("cost.total_over_horizon", facts::Value::of(money(cl.total->value, c)),
                derived(decl, bound_why("instances and storage over the hours", *cl.total)));
      completeness(*cl.total, "item");
    } else {
      completeness(monthly, "item");
    }
  }
  for (const auto& cmp : q.comparisons) {
    if (!cmp.breakeven_months || cmp.breakeven_bound == BoundKind::AtMost) continue;
    if (decl.kind == "workload" || cmp.server == decl.name || cmp.cloud == decl.name) {
      facts.set("cost.breakeven_months", facts::Value::of(months(*cmp.breakeven_months)),
                derived(decl, fmt::format("capex / (cloud monthly - on-premises monthly): {} vs {}{}", cmp.server,
                                          cmp.cloud, cmp.breakeven_bound == BoundKind::AtLeast ? " (a lower bound)" : "")));
      break;
    }
  }
}

void add_price_age(const ast::Declaration& decl, facts::FactSet& facts, const std::vector<PriceSource>& used,
                   std::string_view today) {
  if (today.empty()) return;
  const PriceSource* oldest = nullptr;
  for (const auto& s : used) {
    if (s.as_of.empty()) continue;  // a --rate has no date
    if (!oldest || s.as_of < oldest->as_of) oldest = &s;
  }
  if (!oldest) return;
  auto days = days_between(oldest->as_of, std::string(today));
  if (!days) return;
  facts.set("cost.price_age", facts::Value::of({*days * 86400.0, units::Dimension::duration(), units::Currency::None}),
            derived(decl, fmt::format("{} is dated {}; today is {}", oldest->entry, oldest->as_of, today)));
  facts.set("cost.oldest_price", facts::Value::symbol(oldest->entry),
            facts::Origin{facts::Origin::Kind::Derived, oldest->range, {}, "the oldest price or rate the quote used"});
}

}  // namespace gpuspec::cost
