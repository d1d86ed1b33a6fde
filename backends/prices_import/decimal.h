// Prices as the providers write them — "21.9576420000", 0.0104, 1.4E-05, "1,234.50" —
// turned into the plain decimal text a price book writes ("21.957642"), digit for digit,
// never through a double: an imported price is the source's figure, not a rounding of it.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "backends/prices_import/import_types.h"

namespace gpuspec::prices_import {

// The largest price a row may state per unit (an hour, a GiB-month, one part): a
// billion of any currency is no real price, and 1e308 must not reach the price book.
inline constexpr int kMaxIntegerDigits = 9;
// The finest fraction kept; a price stated more finely is not one a bill can charge.
inline constexpr int kMaxFractionDigits = 12;

struct ParsedDecimal {
  std::string text;                   // normalized: no sign, no exponent, no leading or trailing zeros
  std::optional<SkipReason> problem;  // PriceMalformed, PriceNegative, PriceZero, PriceTooLarge
};

// Accepts an optional sign, digits with an optional fraction, and an optional exponent
// (e/E, at most three digits). `thousands` also accepts "1,234,567.5" grouping (a
// vendor quote); a provider's number never has it.
ParsedDecimal parse_decimal(std::string_view text, bool thousands = false);

// A normalized decimal over a whole number (a term's total over its hours), rounded
// half up to `decimals` decimals and normalized: divide_decimal("551221", 8760, 6) is
// "62.924772". "" when `divisor` is 0. `divisor` is below 10^17, so no digit overflows.
std::string divide_decimal(const std::string& dividend, unsigned long long divisor, int decimals);

// Compares two normalized decimals: <0, 0, >0.
int compare_decimal(const std::string& a, const std::string& b);

}  // namespace gpuspec::prices_import
