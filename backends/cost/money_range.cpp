#include "backends/cost/money_range.h"

#include <cmath>
#include <limits>

namespace gpuspec::cost {

namespace {

constexpr double kInfinity = std::numeric_limits<double>::infinity();

// The upper end a side can reach: its high end, or infinity when open above.
double upper(const Bounded& b) { return b.open_above ? kInfinity : b.range.high; }

}  // namespace

bool MoneyRange::finite() const { return std::isfinite(low) && std::isfinite(high); }

MoneyRange operator+(MoneyRange a, MoneyRange b) { return {a.low + b.low, a.high + b.high}; }
MoneyRange operator-(MoneyRange a, MoneyRange b) { return {a.low - b.high, a.high - b.low}; }
MoneyRange operator*(MoneyRange a, double factor) { return {a.low * factor, a.high * factor}; }
bool operator==(MoneyRange a, MoneyRange b) { return a.low == b.low && a.high == b.high; }

BreakevenRange breakeven_range(Bounded capex, Bounded onprem_monthly, Bounded cloud_monthly) {
  // What owning saves per month against renting, from its least to its most.
  const double saving_low = cloud_monthly.range.low - upper(onprem_monthly);
  const double saving_high = upper(cloud_monthly) - onprem_monthly.range.low;
  BreakevenRange out;
  if (!(saving_high > 0)) {
    out.never = true;
    return out;
  }
  // The earliest month: the least capex over the largest saving (none when that saving is
  // unbounded); the latest: the most capex over the least saving, when that saving is
  // above zero (else the curves may never cross) and the capex is bounded.
  if (std::isfinite(saving_high)) {
    const double earliest = capex.range.low / saving_high;
    if (std::isfinite(earliest)) out.low = earliest;
  }
  if (saving_low > 0 && !capex.open_above) {
    const double latest = capex.range.high / saving_low;
    if (std::isfinite(latest)) out.high = latest;
  }
  return out;
}

int surely_cheaper(Bounded a, Bounded b) {
  if (upper(a) < b.range.low) return -1;
  if (upper(b) < a.range.low) return 1;
  return 0;
}

bool cheaper_at_both_ends(Bounded a, Bounded b) { return a.range.low < b.range.low && upper(a) < upper(b); }

}  // namespace gpuspec::cost
