// Number rendering shared by the quantity formatter (internal to units/).
#pragma once

#include <string>

namespace gpuspec::units::detail {

// A number rounded to `digits` significant decimal digits, split into its digit
// string (trailing zeros removed, "0" for zero) and decimal exponent:
// 989e12 -> {"989", 14}; -0.0012345 at 4 digits -> {"1235", -3, negative}.
struct SignificantDigits {
  bool negative = false;
  std::string digits;
  int exponent = 0;
};
SignificantDigits significant_digits(double value, int digits);
// The size of `significant_digits(value, digits).digits`, without building it.
int significant_digit_count(double value, int digits);

// `value` rounded to `digits` significant digits, as a double.
double round_to_significant(double value, int digits);

// `value` at `digits` significant digits, trailing zeros trimmed, in plain notation
// when its decimal exponent is within [min_fixed_exponent, max_fixed_exponent]
// ("2.7", "640", "123500", "0.0045"), otherwise in the language's exponent syntax
// ("7e9", "1.5e-7").
std::string format_significant(double value, int digits, int min_fixed_exponent = -6,
                               int max_fixed_exponent = 15);
// The same text appended to `out`: the formatter builds "<number> <unit>" in one string.
void append_significant(std::string& out, double value, int digits, int min_fixed_exponent = -6,
                        int max_fixed_exponent = 15);

// Money: amounts of at least 1 keep up to 2 decimals ("21.96", "150000"); smaller
// non-zero amounts keep 4 significant digits so a price of 0.004 does not print as 0.
std::string format_money_amount(double value);
void append_money_amount(std::string& out, double value);

// True when `value` is an integer up to floating-point noise from unit conversions.
bool is_whole(double value);

}  // namespace gpuspec::units::detail
