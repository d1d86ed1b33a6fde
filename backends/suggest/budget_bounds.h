// The bounds the budget rules put on a build's cost, asked before the pack runs. The
// priced parts of a build alone are a lower bound of every cost figure a server is judged
// on (both ends of its capex; its cost over the horizon adds electricity), so an upper
// bound on one of those figures that this lower bound already breaks is broken whatever
// the unpriced parts cost. The bounds are the rules' own, read by lint/bounds.h (the
// built-in budget.exceeded is a choice of cases on deploy.kind): a team's budget rule
// with a reserve (`cost.capex_high <= 0.8 * budget`) moves the search with it, and
// nothing of a rule is restated here. A rule of another shape bounds nothing, and the
// pack judges the build in full.
#pragma once

#include <vector>

#include "backends/suggest/part_facts.h"
#include "backends/suggest/rule_view.h"
#include "lint/bounds.h"
#include "units/quantity.h"

namespace gpuspec::suggest {

class BudgetBounds {
 public:
  // `budget` in the search's currency; `workload` (the workload's facts) must outlive it.
  BudgetBounds(const sema::Program& program, const facts::FactSet& workload, const units::Quantity& budget,
               const RuleView& rules);
  BudgetBounds(const BudgetBounds&) = delete;
  BudgetBounds& operator=(const BudgetBounds&) = delete;

  // The first bound that a server whose priced parts cost `known` (in the budget's
  // currency) breaks, or null.
  const lint::Bound* broken(double known) const;

 private:
  PartFacts facts_;                         // the workload's, and the server's budget
  std::vector<const lint::Bound*> bounds_;  // upper bounds on the cost figures, in pack order
};

}  // namespace gpuspec::suggest
