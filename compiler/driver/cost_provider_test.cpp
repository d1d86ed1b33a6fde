// The cost facts as a fact store's provider (issue 28): computed only when a rule reads
// one, so a run whose rules read no price quotes nothing; and the rules a caller picks
// by the provider whose facts they read, whatever their ids say.
#include <gtest/gtest.h>

#include "backends/cost/cost_facts.h"
#include "backends/cost/price_files.h"
#include "backends/cost_rules/quote_rules.h"
#include "driver/clean_examples_test.h"
#include "driver/load_spec.h"
#include "driver/session.h"
#include "facts/fact_store.h"
#include "lint/lint.h"

namespace gpuspec::driver {
namespace {

// How many quotes linting `spec` with `options` makes.
std::size_t quotes_of(Session& session, const LoadedSpec& spec, const lint::LintOptions& options) {
  const cost::PriceBook book = cost::build_price_book(spec.program);
  facts::FactStore store(spec.program);
  cost::CostFacts cost_facts(store, book);
  store.add_provider(cost_facts);
  DiagnosticEngine diags;
  lint::lint_program(spec.program, session.policies(), options, diags, &store);
  return cost_facts.quotes();
}

TEST(CostProvider, NoRuleReadingACostFactQuotesNothing) {
  Session session(LibraryOptions{});
  const lint::PolicySet& pack = session.policies();
  lint::LintOptions without_cost;
  for (std::size_t index : pack.readers_of(cost::CostFacts::provided())) {
    without_cost.disabled.insert(pack.policies()[index].id);
  }
  // The budget and break-even rules read them; a rule that reads none does not count.
  EXPECT_TRUE(without_cost.disabled.count("budget.exceeded"));
  EXPECT_TRUE(without_cost.disabled.count("deploy.short-horizon-onprem"));
  EXPECT_FALSE(without_cost.disabled.count("memory.ram-2x-vram"));
  std::size_t quoted = 0;
  const std::size_t files = for_each_clean_example(session, [&](const std::string& path, const LoadedSpec& spec) {
    EXPECT_EQ(quotes_of(session, spec, without_cost), 0u) << path;
    quoted += quotes_of(session, spec, {});
  });
  EXPECT_GE(files, 5u);
  EXPECT_GE(quoted, 5u);  // with the whole pack the same examples are quoted
}

// A hand-made rule named `id` with the requirement of the pack's rule `model`.
lint::Policy rule_like(const lint::PolicySet& pack, std::string id, std::string_view model) {
  lint::Policy policy;
  policy.id = std::move(id);
  policy.applies = {"server", "cloud"};
  policy.require = pack.find(model)->require;
  return policy;
}

TEST(CostProvider, QuoteRulesAreTheRulesThatReadAQuotesPriceAge) {
  Session session(LibraryOptions{});
  const lint::PolicySet& pack = session.policies();
  lint::PolicySet set = pack;
  set.add(rule_like(pack, "cost.named-so", "memory.ram-2x-vram"));  // reads no price age
  set.add(rule_like(pack, "ops.old-prices", "cost.stale-price"));   // reads cost.price_age
  const lint::PolicySet rules = cost_rules::quote_rules(set);
  std::vector<std::string> ids;
  for (const auto& policy : rules.policies()) ids.push_back(policy.id);
  EXPECT_EQ(ids, (std::vector<std::string>{"cost.stale-price", "ops.old-prices"}));
}

TEST(CostProvider, PricedFactsAreTheCostProvidersOwn) {
  const auto& schema = facts::FactSchema::builtin();
  EXPECT_TRUE(cost::priced(schema.id("cost.capex_high")));
  EXPECT_TRUE(cost::priced(schema.id("cost.breakeven_months")));
  EXPECT_TRUE(cost::priced(schema.id("cost.price_age")));
  EXPECT_FALSE(cost::priced(schema.id("budget")));
  EXPECT_FALSE(cost::priced(schema.id("gpu.count")));
  EXPECT_FALSE(cost::priced(facts::kNoFactId));
}

}  // namespace
}  // namespace gpuspec::driver
