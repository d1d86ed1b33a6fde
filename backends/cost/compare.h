// One server against one cloud option: both normalised to the same work, their costs
// over the horizon, the break-even month over every value the price ranges allow
// (a range when a price is one), and what can be said when a side is a lower bound (an
// unpriced part or volume):
//
//   on-premises lower bound, cloud priced  break-even is at least capex / (cloud - electricity)
//   cloud lower bound, on-premises priced  break-even is at most that
//   both lower bounds                      unknown
#pragma once

#include "backends/cost/quote.h"

namespace gpuspec::cost {

// `same_workload`: both serve the workload (else a --compare pair).
Comparison compare(const OnPremQuote& server, const CloudQuote& cloud, bool same_workload);

}  // namespace gpuspec::cost
