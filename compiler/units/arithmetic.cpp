// Checked arithmetic on quantities. Values are already in base units, so the only
// work is checking dimensions and currencies and refusing non-finite results: a
// spec that overflows a double is a spec error, never an "inf" in a report.
//
// On error the result's value is 0; its dimension (and currency) are the ones the
// operation would have produced when they are known (Overflow), so a caller can keep
// type-checking after reporting the error.
#include <cmath>
#include <cstdlib>
#include <limits>

#include <fmt/format.h>

#include "units/quantity.h"
#include <cstdlib>

namespace gpuspec::units {
namespace {

// A quantity without money has no currency, whatever its field says.
Currency effective_currency(const Quantity& quantity) {
  return quantity.dimension.money == 0 ? Currency::None : quantity.currency;
}

ArithmeticResult failure(ArithmeticError error, Dimension dimension = {}, Currency currency = Currency::None) {
  return {Quantity{0, dimension, currency}, error};
}

ArithmeticResult finite_or_overflow(double value, Dimension dimension, Currency currency) {
  if (!std::isfinite(value)) return failure(ArithmeticError::Overflow, dimension, currency);
  return {Quantity{value, dimension, currency}, ArithmeticError::None};
}

// Adds (sign = +1) or subtracts (sign = -1) exponent vectors; false when an exponent
// leaves the range of signed char (only reachable by pathological repeated products).
bool combine_exponents(Dimension a, Dimension b, int sign, Dimension& out) {
  bool in_range = true;
  auto combine = [&](signed char x, signed char y) {
    const int sum = x + sign * y;
    if (sum < std::numeric_limits<signed char>::min() || sum > std::numeric_limits<signed char>::max()) {
      in_range = false;
      return static_cast<signed char>(0);
    }
    return static_cast<signed char>(sum);
  };
  out.bytes = combine(a.bytes, b.bytes);
  out.seconds = combine(a.seconds, b.seconds);
  out.watts = combine(a.watts, b.watts);
  out.celsius = combine(a.celsius, b.celsius);
  out.transfers = combine(a.transfers, b.transfers);
  out.flops = combine(a.flops, b.flops);
  out.money = combine(a.money, b.money);
  return in_range;
}

ArithmeticResult add_signed(const Quantity& a, const Quantity& b, int sign) {
  if (a.dimension != b.dimension) return failure(ArithmeticError::DimensionMismatch);
  const Currency currency = effective_currency(a);
  if (currency != effective_currency(b)) return failure(ArithmeticError::CurrencyMismatch);
  return finite_or_overflow(a.value + sign * b.value, a.dimension, currency);
}

// Multiplication and division: exponents combine, and money keeps its currency
// (USD * 2 is USD, USD / USD is a plain ratio). Two different currencies never meet
// except through the price book's exchange rate.
ArithmeticResult multiply_or_divide(const Quantity& a, const Quantity& b, int sign) {
  const Currency currency_a = effective_currency(a);
  const Currency currency_b = effective_currency(b);
  if (currency_a != Currency::None && currency_b != Currency::None && currency_a != currency_b) {
    return failure(ArithmeticError::CurrencyMismatch);
  }
  Dimension dimension;
  if (!combine_exponents(a.dimension, b.dimension, sign, dimension)) return failure(ArithmeticError::Overflow);
  const Currency currency =
      dimension.money == 0 ? Currency::None : (currency_a != Currency::None ? currency_a : currency_b);
  if (sign < 0 && b.value == 0) return failure(ArithmeticError::DivisionByZero, dimension, currency);
  const double value = sign > 0 ? a.value * b.value : a.value / b.value;
  return finite_or_overflow(value, dimension, currency);
}

}  // namespace

ArithmeticResult add(const Quantity& a, const Quantity& b) { return add_signed(a, b, +1); }

ArithmeticResult subtract(const Quantity& a, const Quantity& b) { return add_signed(a, b, -1); }

ArithmeticResult multiply(const Quantity& a, const Quantity& b) { return multiply_or_divide(a, b, +1); }

ArithmeticResult divide(const Quantity& a, const Quantity& b) { return multiply_or_divide(a, b, -1); }

std::optional<int> compare(const Quantity& a, const Quantity& b) {
  if (a.dimension != b.dimension) return std::nullopt;
  if (effective_currency(a) != effective_currency(b)) return std::nullopt;
  if (std::isnan(a.value) || std::isnan(b.value)) return std::nullopt;
  if (a.value < b.value) return -1;
  if (a.value > b.value) return 1;
  return 0;
}

// `4.1 GHz` is 4.1 x 1e9, which binary floating point makes 4099999999.9999995 Hz.
// Snap a product to its 15-significant-digit decimal when that is within a few ulps,
// so base-unit values in JSON read as written; exact large values (1 PiB) stay exact.
static double tidy_product(double value) {
  if (!std::isfinite(value) || value == 0) return value;
  // A whole number below 1e15 has at most 15 digits, so it prints and reads back as
  // itself: skip the round trip through text (most quantities: 80 GB, 700 W; the
  // formatting was ~4 % of a check, issue 12).
  if (std::fabs(value) < 1e15 && value == std::trunc(value)) return value;
  double decimal = std::strtod(fmt::format("{:.15g}", value).c_str(), nullptr);
  double ulp = std::fabs(std::nextafter(value, std::numeric_limits<double>::infinity()) - value);
  return std::isfinite(decimal) && std::isfinite(ulp) && std::fabs(decimal - value) <= 4 * ulp ? decimal : value;
}

ArithmeticResult make_quantity(double number, const Unit& unit) {
  const Currency currency = unit.dimension.money == 0 ? Currency::None : unit.currency;
  return finite_or_overflow(tidy_product(number * unit.factor), unit.dimension, currency);
}

}  // namespace gpuspec::units
