// A sum of money that may lack some of its terms. Each priced term is a range
// (backends/cost/money_range.h; a point when its price is one figure), so the sum is a
// range `low .. high`. Every price is at least zero, so a sum with unpriced terms is a
// lower bound on the real figure: it is shown as "at least X (N parts unpriced: ...)",
// never as a total and never as 0.
#pragma once

#include <algorithm>
#include <cmath>
#include <string>
#include <string_view>
#include <vector>

#include "backends/cost/money_range.h"
#include "units/quantity.h"

namespace gpuspec::cost {

// A term or product too large to compute (a price of 1e308, 1e308 parts) is left out
// like an unpriced item, under this name, so no total is ever inf or nan; the quote
// reports it as cost.overflow.
inline constexpr const char* kTooLargeToCompute = "an amount too large to compute";

// Marks a usage term among the unpriced: traffic through a NAT gateway has a rate (or
// none) but no amount, because how much flows depends on use. It leaves a total a lower
// bound, yet nothing bought or rented lacks a price, so suggest ranks such an option
// with the fully priced ones (on premises, internet traffic is not costed either).
inline constexpr std::string_view kUsageSuffix = " (traffic)";

struct Total {
  double low = 0;                     // the sum of the priced terms' low ends
  double high = 0;                    // ... and of their high ends (= low when every term is a point)
  std::vector<std::string> unpriced;  // what has no price, each once, in the order met

  bool lower_bound() const { return !unpriced.empty(); }
  // Whether something bought or rented has no price (a usage term alone does not count).
  bool parts_unpriced() const {
    return std::any_of(unpriced.begin(), unpriced.end(), [](const std::string& u) { return !u.ends_with(kUsageSuffix); });
  }
  bool is_range() const { return low != high; }
  MoneyRange range() const { return {low, high}; }
  // For comparisons: open above while a term is unpriced.
  Bounded bounded() const { return {range(), lower_bound()}; }
  bool overflowed() const { return std::find(unpriced.begin(), unpriced.end(), kTooLargeToCompute) != unpriced.end(); }
  void add(MoneyRange amount) {
    MoneyRange sum = range() + amount;
    if (amount.finite() && sum.finite()) {
      low = sum.low;
      high = sum.high;
    } else {
      missing(kTooLargeToCompute);
    }
  }
  void add(double amount) { add(MoneyRange::point(amount)); }
  void missing(const std::string& what) {
    if (std::find(unpriced.begin(), unpriced.end(), what) == unpriced.end()) unpriced.push_back(what);
  }
  void add(const Total& other) {
    add(other.range());
    for (const auto& u : other.unpriced) missing(u);
  }
  Total scaled(double factor) const {
    MoneyRange r = range() * factor;
    Total out{r.low, r.high, unpriced};
    if (!r.finite()) {
      out.low = out.high = 0;
      out.missing(kTooLargeToCompute);
    }
    return out;
  }
};

// "41,831.97 CNY", "12,000.00 .. 15,000.00 USD", "at least 38,850.00 CNY (4 parts
// unpriced: a, b, c, d)", or with nothing priced "no price (2 parts unpriced: a, b)";
// `noun` names what is unpriced.
std::string describe_total(const Total& total, units::Currency currency, const std::string& noun = "item");
// "(4 parts unpriced: a, b, c, d)" without the amount; "" when nothing is unpriced.
std::string unpriced_note(const Total& total, const std::string& noun = "item");

}  // namespace gpuspec::cost
