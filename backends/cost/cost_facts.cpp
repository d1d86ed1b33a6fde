#include "backends/cost/cost_facts.h"

#include <fmt/format.h>

#include <algorithm>
#include <initializer_list>

#include "backends/cost/bom.h"
#include "backends/cost/compare.h"
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

// A break-even month the policies may read: known, and not merely an upper bound.
bool usable(const Comparison& cmp) { return cmp.breakeven_months && cmp.breakeven_bound != BoundKind::AtMost; }

void set_breakeven(const ast::Declaration& decl, const Comparison& cmp, facts::FactSet& facts) {
  facts.set("cost.breakeven_months", facts::Value::of(months(*cmp.breakeven_months)),
            derived(decl, fmt::format("capex / (cloud monthly - on-premises monthly): {} vs {}{}", cmp.server, cmp.cloud,
                                      cmp.breakeven_bound == BoundKind::AtLeast ? " (a lower bound)" : "")));
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

CostFacts::CostFacts(facts::FactStore& store, const PriceBook& book)
    : store_(store), book_(book), deployments_(index_deployments(store.program())) {}

const std::vector<const sema::DeclEntry*>& CostFacts::serving(const std::string& workload, std::string_view kind) {
  // Kept per workload: scanning a workload's k deployments for each of them is k^2.
  auto key = std::make_pair(workload, std::string(kind));
  if (auto it = serving_.find(key); it != serving_.end()) return it->second;
  std::vector<const sema::DeclEntry*> out;
  if (!workload.empty()) {
    auto [first, last] = deployments_.equal_range(workload);
    for (auto it = first; it != last; ++it) {
      if (it->second->decl->kind == kind) out.push_back(it->second);
    }
  }
  return serving_.emplace(std::move(key), std::move(out)).first->second;
}

const CloudQuote& CostFacts::cloud_quote(const sema::DeclEntry& cloud, units::Currency currency) {
  auto key = std::make_pair(&cloud, currency);
  if (auto it = clouds_.find(key); it != clouds_.end()) return it->second;
  DiagnosticEngine silent;  // missing prices make the figures lower bounds; `gpuspec quote` reports them
  CloudQuote q = quote_cloud(store_.program(), cloud, store_.of(cloud), book_, currency, silent);
  return clouds_.emplace(key, std::move(q)).first->second;
}

const OnPremQuote& CostFacts::server_quote(const sema::DeclEntry& server, units::Currency currency,
                                           std::optional<double> utilization) {
  auto key = std::make_tuple(&server, currency, utilization);
  if (auto it = servers_.find(key); it != servers_.end()) return it->second;
  DiagnosticEngine silent;
  OnPremQuote q = quote_server(store_.program(), server, store_.of(server), book_, currency, utilization, silent);
  return servers_.emplace(key, std::move(q)).first->second;
}

namespace {

std::vector<facts::FactId> ids(std::initializer_list<std::string_view> names) {
  std::vector<facts::FactId> out;
  for (auto name : names) out.push_back(facts::FactSchema::builtin().id(name));
  return out;
}

// The groups the facts are deferred in, each computed at once. Function-local statics:
// initialised once, thread-safely, for every file checked in parallel.
const std::vector<facts::FactId>& server_figures() {
  static const std::vector<facts::FactId> group =
      ids({"cost.capex", "cost.capex_high", "cost.hourly", "cost.total_over_horizon", "cost.total_over_horizon_high",
           "cost.complete", "cost.completeness"});
  return group;
}
const std::vector<facts::FactId>& cloud_figures() {
  static const std::vector<facts::FactId> group = ids(
      {"cost.hourly", "cost.total_over_horizon", "cost.total_over_horizon_high", "cost.complete", "cost.completeness"});
  return group;
}
const std::vector<facts::FactId>& breakeven() {
  static const std::vector<facts::FactId> group = ids({"cost.breakeven_months"});
  return group;
}

}  // namespace

std::span<const facts::FactId> CostFacts::provided() {
  static const std::vector<facts::FactId> all = [] {
    std::vector<facts::FactId> out = server_figures();  // a cloud's are among them
    out.insert(out.end(), breakeven().begin(), breakeven().end());
    return out;
  }();
  return all;
}

// What `build_quote` would make of the declaration and every other deployment serving
// its workload, computed for the one declaration: a server's figures depend on itself
// and the clouds serving its workload (their utilization, the comparisons), a cloud's
// on itself and those servers, a workload's on the first pair that breaks even. So
// the other servers of a workload are never quoted for a server's facts, and each
// quote is made once per currency (issue 12: quoting every deployment for each was
// quadratic in the deployments of a workload).
void CostFacts::attach(const sema::DeclEntry& entry, facts::FactSet& facts) {
  const std::string& kind = entry.decl->kind;
  const sema::DeclEntry* e = &entry;
  if (kind == "server") {
    facts.defer(server_figures(), [this, e](facts::FactSet& f) { add_server_figures(*e, f); });
    facts.defer(breakeven(), [this, e](facts::FactSet& f) { add_server_breakeven(*e, f); });
  } else if (kind == "cloud") {
    facts.defer(cloud_figures(), [this, e](facts::FactSet& f) { add_cloud_figures(*e, f); });
    facts.defer(breakeven(), [this, e](facts::FactSet& f) { add_cloud_breakeven(*e, f); });
  } else if (kind == "workload") {
    facts.defer(breakeven(), [this, e](facts::FactSet& f) { add_workload(*e, f); });
  }
}

void CostFacts::add_completeness(const ast::Declaration& decl, const Total& judged, const std::string& noun,
                                 facts::FactSet& facts) {
  facts.set("cost.complete", facts::Value::flag(!judged.lower_bound()), derived(decl, "every price of the quote is known"));
  facts.set("cost.completeness",
            facts::Value::symbol(judged.lower_bound() ? "a lower bound " + unpriced_note(judged, noun) : "every price is known"),
            derived(decl, "the figure the budget judges"));
}

std::pair<units::Currency, std::optional<double>> CostFacts::server_terms(const sema::DeclEntry& server) {
  // The quote currency is the first server's site currency: this one's.
  const units::Currency c = site_currency(store_.of(server));
  const std::vector<const sema::DeclEntry*>& clouds = serving(facts::served_workload(*server.decl), "cloud");
  // The same work on the cloud runs at the first cloud option's utilization.
  std::optional<double> utilization;
  if (!clouds.empty()) utilization = cloud_quote(*clouds.front(), c).utilization;
  return {c, utilization};
}

void CostFacts::add_server_figures(const sema::DeclEntry& entry, facts::FactSet& facts) {
  const ast::Declaration& decl = *entry.decl;
  const auto [c, utilization] = server_terms(entry);
  const OnPremQuote& s = server_quote(entry, c, utilization);
  facts.set("cost.capex", facts::Value::of(money(s.capex().low, c)),
            derived(decl, bound_why(s.capex().is_range() ? "sum of the BOM's line totals, the low end of their ranges"
                                                         : "sum of the BOM's line totals",
                                    s.capex(), "part")));
  facts.set("cost.capex_high", facts::Value::of(money(s.capex().high, c)),
            derived(decl, bound_why("sum of the BOM's line totals, the high end of their ranges", s.capex(), "part")));
  if (s.energy_per_month) {
    facts.set("cost.hourly", facts::Value::of(rate(*s.energy_per_month / kHoursPerMonth, c)),
              derived(decl, "electricity: full load x PUE x utilization x price"));
  }
  if (s.tco) {
    facts.set("cost.total_over_horizon", facts::Value::of(money(s.tco->low, c)),
              derived(decl, bound_why("capex + electricity over the horizon (the low end)", *s.tco)));
    facts.set("cost.total_over_horizon_high", facts::Value::of(money(s.tco->high, c)),
              derived(decl, bound_why("capex + electricity over the horizon (the high end)", *s.tco)));
  }
  add_completeness(decl, s.capex(), "part", facts);
}

void CostFacts::add_server_breakeven(const sema::DeclEntry& entry, facts::FactSet& facts) {
  const std::vector<const sema::DeclEntry*>& clouds = serving(facts::served_workload(*entry.decl), "cloud");
  if (clouds.empty()) return;  // nothing to compare with: no quote needed
  const auto [c, utilization] = server_terms(entry);
  const OnPremQuote& s = server_quote(entry, c, utilization);
  for (const auto* cloud : clouds) {
    Comparison cmp = compare(s, cloud_quote(*cloud, c), true);
    if (usable(cmp)) {
      set_breakeven(*entry.decl, cmp, facts);
      break;
    }
  }
}

units::Currency CostFacts::cloud_currency(const sema::DeclEntry& cloud, const facts::FactSet& facts) {
  // A cloud without a server quotes in its budget's currency (so budget.exceeded compares
  // like with like); else the quote is in the first server's site currency.
  if (auto budget = facts.quantity("budget"); budget && budget->currency != units::Currency::None) return budget->currency;
  const std::vector<const sema::DeclEntry*>& servers = serving(facts::served_workload(*cloud.decl), "server");
  if (!servers.empty()) return site_currency(store_.of(*servers.front()));
  return units::Currency::USD;
}

void CostFacts::add_cloud_figures(const sema::DeclEntry& entry, facts::FactSet& facts) {
  const ast::Declaration& decl = *entry.decl;
  const units::Currency c = cloud_currency(entry, facts);
  const CloudQuote& cl = cloud_quote(entry, c);
  Total monthly = cl.instances_monthly;
  monthly.add(cl.storage_and_services_monthly());
  facts.set("cost.hourly", facts::Value::of(rate(monthly.low / kHoursPerMonth, c)),
            derived(decl, bound_why(fmt::format("{} x {} price x {} billed share, plus storage and the module's network",
                                                cl.count, cl.pricing, cl.billed_share()),
                                    monthly)));
  if (cl.total) {
    facts.set("cost.total_over_horizon", facts::Value::of(money(cl.total->low, c)),
              derived(decl, bound_why("instances, storage and the module's network over the hours (the low end)",
                                      *cl.total)));
    facts.set("cost.total_over_horizon_high", facts::Value::of(money(cl.total->high, c)),
              derived(decl, bound_why("instances, storage and the module's network over the hours (the high end)",
                                      *cl.total)));
    add_completeness(decl, *cl.total, "item", facts);
  } else {
    add_completeness(decl, monthly, "item", facts);
  }
}

void CostFacts::add_cloud_breakeven(const sema::DeclEntry& entry, facts::FactSet& facts) {
  const std::vector<const sema::DeclEntry*>& servers = serving(facts::served_workload(*entry.decl), "server");
  if (servers.empty()) return;  // nothing to compare with
  const units::Currency c = cloud_currency(entry, facts);
  const CloudQuote& cl = cloud_quote(entry, c);
  // Each server runs at this cloud's utilization: it is the first cloud of its quote.
  for (const auto* server : servers) {
    Comparison cmp = compare(server_quote(*server, c, cl.utilization), cl, true);
    if (usable(cmp)) {
      set_breakeven(*entry.decl, cmp, facts);
      break;
    }
  }
}

void CostFacts::add_workload(const sema::DeclEntry& entry, facts::FactSet& facts) {
  const ast::Declaration& decl = *entry.decl;
  const std::vector<const sema::DeclEntry*>& servers = serving(decl.name, "server");
  const std::vector<const sema::DeclEntry*>& clouds = serving(decl.name, "cloud");
  if (servers.empty() || clouds.empty()) return;  // nothing to compare
  const units::Currency c = site_currency(store_.of(*servers.front()));
  const double utilization = cloud_quote(*clouds.front(), c).utilization;
  for (const auto* server : servers) {
    const OnPremQuote& s = server_quote(*server, c, utilization);
    for (const auto* cloud : clouds) {
      Comparison cmp = compare(s, cloud_quote(*cloud, c), true);
      if (usable(cmp)) {
        set_breakeven(decl, cmp, facts);
        return;
      }
    }
  }
}

std::span<const facts::FactId> PriceAgeFacts::provided() {
  static const std::vector<facts::FactId> all = ids({"cost.price_age", "cost.oldest_price"});
  return all;
}

void PriceAgeFacts::attach(const sema::DeclEntry& entry, facts::FactSet& facts) {
  auto used = used_.find(entry.decl);
  if (today_.empty() || used == used_.end()) return;
  const ast::Declaration& decl = *entry.decl;
  const std::string& today = today_;
  const PriceSource* oldest = nullptr;
  for (const auto& s : *used->second) {
    if (s.as_of.empty()) continue;  // a --rate has no date
    if (!oldest || s.as_of < oldest->as_of) oldest = &s;
  }
  if (!oldest) return;
  auto days = days_between(oldest->as_of, today);
  if (!days) return;
  facts.set("cost.price_age", facts::Value::of({*days * 86400.0, units::Dimension::duration(), units::Currency::None}),
            derived(decl, fmt::format("{} is dated {}; today is {}", oldest->entry, oldest->as_of, today)));
  facts.set("cost.oldest_price", facts::Value::symbol(oldest->entry),
            facts::Origin{facts::Origin::Kind::Derived, oldest->range, {}, "the oldest price or rate the quote used"});
}

bool priced(facts::FactId id) {
  auto owns = [id](std::span<const facts::FactId> ids) { return std::find(ids.begin(), ids.end(), id) != ids.end(); };
  return id != facts::kNoFactId && (owns(CostFacts::provided()) || owns(PriceAgeFacts::provided()));
}

}  // namespace gpuspec::cost
