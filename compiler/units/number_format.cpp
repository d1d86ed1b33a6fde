#include "units/number_format.h"

#include <cmath>
#include <cstdlib>
#include <string_view>

#include <fmt/format.h>

namespace gpuspec::units::detail {
namespace {

constexpr double kWholeTolerance = 1e-9;  // relative; unit factors like 1/3600 leave noise

void trim_trailing_zeros(std::string& digits) {
  while (digits.size() > 1 && digits.back() == '0') digits.pop_back();
}

// Drops trailing zeros after a decimal point, and the point itself if nothing is left.
void trim_fraction(std::string& text) {
  if (text.find('.') == std::string::npos) return;
  while (text.back() == '0') text.pop_back();
  if (text.back() == '.') text.pop_back();
}

}  // namespace

SignificantDigits significant_digits(double value, int digits) {
  if (value == 0) return {false, "0", 0};  // also turns -0 into 0
  // fmt rounds correctly in decimal; reading its scientific form back avoids the
  // pow(10, n) overflow and double-rounding of a hand-written rounding.
  const std::string scientific = fmt::format("{:.{}e}", std::fabs(value), digits - 1);
  const std::size_t e = scientific.find('e');
  SignificantDigits result;
  result.negative = value < 0;
  for (char c : std::string_view(scientific).substr(0, e)) {
    if (c != '.') result.digits += c;
  }
  trim_trailing_zeros(result.digits);
  result.exponent = std::atoi(scientific.c_str() + e + 1);
  return result;
}

double round_to_significant(double value, int digits) {
  if (value == 0 || !std::isfinite(value)) return value;
  return std::stod(fmt::format("{:.{}e}", value, digits - 1));
}

std::string format_significant(double value, int digits, int min_fixed_exponent, int max_fixed_exponent) {
  if (!std::isfinite(value)) return fmt::format("{}", value);
  const SignificantDigits parts = significant_digits(value, digits);
  const std::string& d = parts.digits;
  const int count = static_cast<int>(d.size());
  const int exponent = parts.exponent;
  std::string text = parts.negative ? "-" : "";
  if (exponent < min_fixed_exponent || exponent > max_fixed_exponent) {
    text += d.substr(0, 1);
    if (count > 1) text += "." + d.substr(1);
    return text + fmt::format("e{}", exponent);
  }
  if (exponent < 0) return text + "0." + std::string(-exponent - 1, '0') + d;
  if (exponent >= count - 1) return text + d + std::string(exponent - (count - 1), '0');
  return text + d.substr(0, exponent + 1) + "." + d.substr(exponent + 1);
}

std::string format_money_amount(double value) {
  if (!std::isfinite(value)) return fmt::format("{}", value);
  const double magnitude = std::fabs(value);
  // Beyond 1e15 cents are below double precision; fall back to significant digits.
  if (magnitude >= 1e15) return format_significant(value, 4);
  // Below one unit (per-kWh tariffs, tiny per-hour rates) two decimals could round a
  // real price to 0, so keep significant digits instead.
  if (magnitude < 1) return format_significant(value, 4);
  std::string text = fmt::format("{:.2f}", value);
  trim_fraction(text);
  return text;
}

bool is_whole(double value) {
  return std::fabs(value - std::round(value)) <= kWholeTolerance * std::fmax(1.0, std::fabs(value));
}

}  // namespace gpuspec::units::detail
