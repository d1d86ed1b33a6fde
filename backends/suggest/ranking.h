// Ranking what passed: each passing candidate quoted on its own (the same quote `gpuspec
// quote` prints), ordered by its total over the workload's horizon — capex plus
// electricity on premises, instances plus storage in the cloud — and the best owned
// option compared with the best rented one for the break-even month.
//
// Totals are ranges (a price may be a range), so an option ranks above another only when
// it is cheaper at both ends of its range (low against low, high against high): its rank
// is one more than the number of options cheaper than it at both ends, and options of
// the same rank tie, which the report says. A total with unpriced parts is only a lower
// bound: every such option comes after every fully priced one, in its own section that
// names what it lacks. A missing price is never read as zero. Within a rank options are
// listed by the midpoint of their range, then the lower high end (the lower bounds by
// their known low end), then more dense BF16 throughput, fewer GPUs and the
// declaration's text, so the order is deterministic.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "backends/cost/quote.h"
#include "backends/cost/roofline.h"
#include "backends/suggest/search.h"

namespace gpuspec::suggest {

// The roofline is the cost backend's (quote scales cloud hours by it too): one model.
using cost::Throughput;
using cost::throughput_of;
using cost::time_change;

struct RankedOption {
  const Passing* passing = nullptr;
  bool onprem = true;
  cost::Total total;                      // over the horizon
  std::optional<cost::OnPremQuote> server;
  std::optional<cost::CloudQuote> cloud;
  cost::Capability capability;
  Throughput throughput;                  // the roofline estimate the time per epoch compares (roofline.h)
  std::string summary;                    // "1 x nvidia.l4, 1 x amd.epyc_9354, ... in supermicro.sys_421ge"
  int rank = 0;                           // fully priced: 1 + the options cheaper than it at both ends
  int shown_rank = 0;                     // "#N": the position of the first option of its rank (ties share it)
  std::vector<int> tied_with;             // positions (1-based) of the options of the same rank
  std::string why;                        // why it ranks here
  std::string next_change;                // what the next option would change, "" for the last
  std::vector<std::string> infos;         // rule ids of its info findings
};

struct Ranking {
  units::Currency currency = units::Currency::USD;
  std::optional<double> horizon_months;
  std::vector<RankedOption> options;      // best first
  int best_onprem = -1, best_cloud = -1;  // indices into options
  std::size_t fully_priced = 0;           // options whose totals have every price: they come first
  // The best owned and the best rented option quoted together: the comparison with the
  // break-even month, and the quote the HTML report draws.
  std::optional<cost::Quote> pair;
};

Ranking rank(const std::vector<Passing>& passing, const cost::PriceBook& book, units::Currency currency);

}  // namespace gpuspec::suggest
