#include "backends/suggest/budget_bounds.h"

#include <array>
#include <string_view>

namespace gpuspec::suggest {

BudgetBounds::BudgetBounds(const sema::Program& program, const facts::FactSet& workload, const units::Quantity& budget,
                           const RuleView& rules)
    : facts_(program, workload) {
  facts_.server_budget(budget);
  // Each at least the capex of the priced parts (backends/cost/cost_facts.cpp).
  static constexpr std::array<std::string_view, 4> kCosts{"cost.capex", "cost.capex_high", "cost.total_over_horizon",
                                                          "cost.total_over_horizon_high"};
  for (std::string_view cost : kCosts) {
    for (const lint::Bound* bound : rules.bounds().on(cost, "server", facts_.facts())) {
      // Only a limit from above: a lower bound of the cost says nothing of a figure that
      // is itself only known from below.
      if (bound->upper()) bounds_.push_back(bound);
    }
  }
}

const lint::Bound* BudgetBounds::broken(double known) const {
  return lint::first_broken(bounds_, facts_.facts(), known);
}

}  // namespace gpuspec::suggest
