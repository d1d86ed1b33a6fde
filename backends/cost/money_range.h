// Money as markets quote it: a range `low .. high` (a point when the ends are equal),
// and the arithmetic every total, quote and ranking does with it. Sums add the ends;
// a non-negative factor scales them; a difference takes the far ends, so it holds every
// value the two ranges allow. A figure whose terms are not all priced is open above: its
// true value is at least `low`, with no known high end (backends/cost/total.h).
//
// The functions are pure; money_range_test.cpp checks them against values worked out
// by hand.
#pragma once

#include <optional>
#include <string>

namespace gpuspec::cost {

struct MoneyRange {
  double low = 0;
  double high = 0;

  static MoneyRange point(double value) { return {value, value}; }
  bool is_point() const { return low == high; }
  bool finite() const;
};

MoneyRange operator+(MoneyRange a, MoneyRange b);
// `a - b`: every value x - y with x in a and y in b, i.e. [a.low - b.high, a.high - b.low].
MoneyRange operator-(MoneyRange a, MoneyRange b);
// Scales both ends; `factor` >= 0 (counts, months, exchange rates, shares).
MoneyRange operator*(MoneyRange a, double factor);
bool operator==(MoneyRange a, MoneyRange b);

// One side of a comparison: a range, open above when some of its terms have no price
// (the true value is then at least `range.low` and has no known upper end).
struct Bounded {
  MoneyRange range;
  bool open_above = false;
};

// Where capex + onprem x m meets cloud x m, over every value the three allow:
// m = capex / (cloud - onprem). `low` and `high` are the earliest and latest month;
// nullopt where no bound is known (an end at infinity, or the cloud side open above).
// `never`: for every value they allow, the cloud costs no more per month than owning.
struct BreakevenRange {
  std::optional<double> low, high;
  bool never = false;
};
BreakevenRange breakeven_range(Bounded capex, Bounded onprem_monthly, Bounded cloud_monthly);

// Which of two totals is cheaper for every value they allow: -1 when `a`'s upper end is
// below `b`'s low end, +1 the other way, 0 when their ranges overlap (undecided).
int surely_cheaper(Bounded a, Bounded b);

// Whether `a` is cheaper than `b` at both ends (low against low, high against high);
// an open high end is above every number. Ranking uses it: an option ranks above
// another only when it is cheaper at both ends.
bool cheaper_at_both_ends(Bounded a, Bounded b);

}  // namespace gpuspec::cost
