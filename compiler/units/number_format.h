// Number rendering shared by the quantity formatter (internal to units/).
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

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

// True when `value` rounded to 4 significant digits is at least `threshold` (a number
// of at most 4 significant digits, >= 0): the formatter's "does the value reach this
// unit" test. Rounds only when `value` is within 0.1 % below the threshold.
bool reaches_at_4_digits(double value, double threshold);

// A number's text in a stack buffer: the formatter writes numbers here and copies
// them into the result once, instead of building std::string temporaries.
struct NumberText {
  // Enough for any rendering below: at most 17 significant digits, a sign, "0." and
  // 6 leading zeros, or an exponent such as "e-324".
  char chars[48];
  std::size_t size = 0;
  std::string_view view() const { return {chars, size}; }
};

// `value` at `digits` (1..17) significant digits, trailing zeros trimmed, in plain
// notation when its decimal exponent is within [min_fixed_exponent, max_fixed_exponent]
// (at most the default range [-6, 15], so the text fits NumberText)
// ("2.7", "640", "123500", "0.0045"), otherwise in the language's exponent syntax
// ("7e9", "1.5e-7"). Non-finite values print as "inf", "-inf", "nan".
void write_significant(NumberText& out, double value, int digits, int min_fixed_exponent = -6,
                       int max_fixed_exponent = 15);
std::string format_significant(double value, int digits, int min_fixed_exponent = -6,
                               int max_fixed_exponent = 15);

// Money: amounts of at least 1 keep up to 2 decimals ("21.96", "150000"); smaller
// non-zero amounts keep 4 significant digits so a price of 0.004 does not print as 0.
void write_money_amount(NumberText& out, double value);
std::string format_money_amount(double value);

// True when `value` is an integer up to floating-point noise from unit conversions.
bool is_whole(double value);

}  // namespace gpuspec::units::detail
