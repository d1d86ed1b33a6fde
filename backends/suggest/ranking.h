// Ranking what passed: each passing candidate quoted on its own (the same quote `gpuspec
// quote` prints), ordered by its total over the workload's horizon — capex plus
// electricity on premises, instances plus storage in the cloud — and the best owned
// option compared with the best rented one for the break-even month.
//
// A total with unpriced parts is only a lower bound. Options rank by what is known of
// their totals (the priced sum), an exact total before a lower bound of the same amount;
// a lower bound is shown as "at least" with what it lacks, and the report says that an
// unpriced part can move such an option down. A missing price is never read as zero.
// Ties break on more dense BF16 throughput, then fewer GPUs, then the declaration's
// text, so the order is deterministic.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "backends/cost/quote.h"
#include "backends/suggest/search.h"

namespace gpuspec::suggest {

struct RankedOption {
  const Passing* passing = nullptr;
  bool onprem = true;
  cost::Total total;                      // over the horizon
  std::optional<cost::OnPremQuote> server;
  std::optional<cost::CloudQuote> cloud;
  cost::Capability capability;
  std::string summary;                    // "1 x nvidia.l4, 1 x amd.epyc_9354, ... in supermicro.sys_421ge"
  std::string why;                        // why it ranks here
  std::string next_change;                // what the next option would change, "" for the last
  std::vector<std::string> infos;         // rule ids of its info findings
};

struct Ranking {
  units::Currency currency = units::Currency::USD;
  std::optional<double> horizon_months;
  std::vector<RankedOption> options;      // best first
  int best_onprem = -1, best_cloud = -1;  // indices into options
  std::size_t fully_priced = 0;           // options whose totals are exact
  // The best owned and the best rented option quoted together: the comparison with the
  // break-even month, and the quote the HTML report draws.
  std::optional<cost::Quote> pair;
};

Ranking rank(const std::vector<Passing>& passing, const cost::PriceBook& book, units::Currency currency);

// "-18 % time per epoch" (or "per request" for a workload that only serves) from two
// dense-throughput totals; "" when either is unknown.
std::string time_change(const cost::Capability& from, const cost::Capability& to, bool trains = true);

}  // namespace gpuspec::suggest
