// cost.* facts for the policies (budget.exceeded, deploy.short-horizon-onprem,
// cost.stale-price). Every money fact is exact or a lower bound — the priced terms of a
// sum whose other terms have no price — so a requirement `cost.X <= limit` that fails
// on it fails on the real figure too:
//
//   server:   cost.capex (money, the low end of its range) and cost.capex_high (the high
//             end), cost.hourly (electricity, money/s), cost.total_over_horizon and
//             cost.total_over_horizon_high (capex + electricity over the workload's horizon),
//             cost.breakeven_months (a duration, the earliest month) against a cloud option
//             serving the same workload
//   cloud:    cost.hourly (instances x price x billed share + storage, the low end),
//             cost.total_over_horizon and cost.total_over_horizon_high (over its duration,
//             else the workload's horizon), cost.breakeven_months
//   workload: cost.breakeven_months of the first server/cloud pair serving it
//   server and cloud: cost.complete and cost.completeness (whether the figure the budget
//             judges — a server's capex, a cloud's total — has every price); from
//             `gpuspec quote` only (PriceAgeFacts), cost.price_age / cost.oldest_price:
//             the oldest price or rate the quote used.
//
// cost.breakeven_months is set only when exact or a lower bound (never when it is an
// upper bound), so `cost.breakeven_months <= horizon` stays sound.
#pragma once

#include <map>
#include <span>
#include <optional>
#include <string>
#include <string_view>
#include <tuple>
#include <utility>
#include <vector>

#include "backends/cost/price_book.h"
#include "backends/cost/quote.h"
#include "facts/fact.h"
#include "facts/fact_provider.h"
#include "facts/fact_store.h"
#include "sema/program.h"

namespace gpuspec::cost {

// Servers and clouds by the workload they serve (the first of `serves`), each
// workload's in name order.
using DeploymentIndex = std::multimap<std::string, const sema::DeclEntry*, std::less<>>;
DeploymentIndex index_deployments(const sema::Program& program);

// The cost facts of one program's declarations, a provider over its fact store
// (registered with it: FactStore::add_provider): each declaration's facts are resolved
// once (by the store) and each option is quoted once per currency, however many
// declarations' facts depend on it.
class CostFacts final : public facts::FactProvider {
 public:
  CostFacts(facts::FactStore& store, const PriceBook& book);

  // The facts it sets (the quote's figures, the break-even), on any kind.
  static std::span<const facts::FactId> provided();
  std::span<const facts::FactId> owned() const override { return provided(); }

  // Defers the cost.* facts of `entry` (a server, cloud or workload of the store's
  // program) on `facts`, its own facts or a variant of them (the lint engine's "instead"
  // candidates), which the figures are not read from except the budget: each group is
  // computed on the first read of one of its facts, so a program whose rules read no
  // price quotes nothing, and a server whose workload no cloud serves is not quoted for
  // its break-even.
  void attach(const sema::DeclEntry& entry, facts::FactSet& facts) override;

  // How many quotes it has made (each option once per currency and utilization).
  std::size_t quotes() const { return clouds_.size() + servers_.size(); }

 private:
  // The figures of a server's or cloud's own quote (capex, hourly, totals, completeness)
  // and its break-even against the deployments serving the same workload.
  void add_server_figures(const sema::DeclEntry& entry, facts::FactSet& facts);
  void add_server_breakeven(const sema::DeclEntry& entry, facts::FactSet& facts);
  void add_cloud_figures(const sema::DeclEntry& entry, facts::FactSet& facts);
  void add_cloud_breakeven(const sema::DeclEntry& entry, facts::FactSet& facts);
  void add_workload(const sema::DeclEntry& entry, facts::FactSet& facts);
  // A server's quote currency and the utilization it runs at (the first cloud's).
  std::pair<units::Currency, std::optional<double>> server_terms(const sema::DeclEntry& server);
  // A cloud's quote currency: its budget's, else the first server's site currency, else USD.
  units::Currency cloud_currency(const sema::DeclEntry& cloud, const facts::FactSet& facts);
  static void add_completeness(const ast::Declaration& decl, const Total& judged, const std::string& noun,
                               facts::FactSet& facts);
  // The servers or clouds serving `workload`, in name order.
  const std::vector<const sema::DeclEntry*>& serving(const std::string& workload, std::string_view kind);
  const CloudQuote& cloud_quote(const sema::DeclEntry& cloud, units::Currency currency);
  const OnPremQuote& server_quote(const sema::DeclEntry& server, units::Currency currency,
                                  std::optional<double> utilization);

  facts::FactStore& store_;
  const PriceBook& book_;
  DeploymentIndex deployments_;
  std::map<std::pair<std::string, std::string>, std::vector<const sema::DeclEntry*>> serving_;
  std::map<std::pair<const sema::DeclEntry*, units::Currency>, CloudQuote> clouds_;
  std::map<std::tuple<const sema::DeclEntry*, units::Currency, std::optional<double>>, OnPremQuote> servers_;
};

// cost.price_age and cost.oldest_price of the options `gpuspec quote` priced: the oldest
// price or rate each used (`used`, as printed) on `today` (YYYY-MM-DD). `gpuspec check`
// does not register it, so a build never starts failing because the calendar moved, and
// the rules that read its facts are the ones `quote` runs.
class PriceAgeFacts final : public facts::FactProvider {
 public:
  using Used = std::map<const ast::Declaration*, const std::vector<PriceSource>*>;
  PriceAgeFacts(Used used, std::string today) : used_(std::move(used)), today_(std::move(today)) {}

  static std::span<const facts::FactId> provided();
  std::span<const facts::FactId> owned() const override { return provided(); }
  void attach(const sema::DeclEntry& entry, facts::FactSet& facts) override;

 private:
  Used used_;
  std::string today_;
};

// Whether `id` is a fact the cost backend's providers set from the price book.
bool priced(facts::FactId id);

}  // namespace gpuspec::cost
