// The quantity formatter before it was rewritten for speed (stack buffers instead of
// fmt::format + std::stod string round trips), copied verbatim from format.cpp,
// number_format.{h,cpp}, duration_format.cpp and format_parts.h at commit b23baeb,
// only its includes dropped, its namespaces renamed to `old_impl` and the
// duplicate kHour constant merged. The differential
// test compares the new formatter against it on millions of values: output must stay
// byte-identical, since every fact text, golden and lit test depends on it.
#pragma once

#include <array>
#include <cmath>
#include <cstdlib>
#include <span>
#include <string>
#include <string_view>

#include <fmt/format.h>

#include "units/quantity.h"

namespace gpuspec::units::old_impl {
// clang-format off
// Per-dimension pieces of `format(Quantity)` (internal to units/).


namespace detail {

// One rung of a display ladder: a unit symbol and its factor in base units.
struct Scale {
  std::string_view symbol;
  double factor;
};

// Picks the largest rung the value (rounded to 4 significant digits) reaches, the
// smallest rung when it reaches none, and prints "<number> <symbol>". `ladder` is in
// increasing factor order.
std::string format_on_ladder(double value, std::span<const Scale> ladder);

// Bytes: decimal units unless a binary unit reads strictly better (see format.cpp).
std::string format_bytes(double bytes);

// Durations in seconds: whole years / months / weeks / days / hours when they fit,
// otherwise 4 significant digits in the largest sensible unit (see duration_format.cpp).
std::string format_duration(double seconds);

}  // namespace detail
// Number rendering shared by the quantity formatter (internal to units/).


namespace detail {

// A number rounded to `digits` significant decimal digits, split into its digit
// string (trailing zeros removed, "0" for zero) and decimal exponent:
// 989e12 -> {"989", 14}; -0.0012345 at 4 digits -> {"1235", -3, negative}.
struct SignificantDigits {
  bool negative = false;
  std::string digits;
  int exponent = 0;
};
SignificantDigits significant_digits(double value, int digits);

// `value` rounded to `digits` significant digits, as a double.
double round_to_significant(double value, int digits);

// `value` at `digits` significant digits, trailing zeros trimmed, in plain notation
// when its decimal exponent is within [min_fixed_exponent, max_fixed_exponent]
// ("2.7", "640", "123500", "0.0045"), otherwise in the language's exponent syntax
// ("7e9", "1.5e-7").
std::string format_significant(double value, int digits, int min_fixed_exponent = -6,
                               int max_fixed_exponent = 15);

// Money: amounts of at least 1 keep up to 2 decimals ("21.96", "150000"); smaller
// non-zero amounts keep 4 significant digits so a price of 0.004 does not print as 0.
std::string format_money_amount(double value);

// True when `value` is an integer up to floating-point noise from unit conversions.
bool is_whole(double value);

}  // namespace detail



namespace detail {
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

}  // namespace detail
// Durations print the way people write them in specs and quotes:
//  1. a whole number (below 10000) of years, months or weeks wins, largest first:
//     "2 years", "18 months", "2 weeks";
//  2. then whole days, but only from 7 days up: "10 days" (shorter spans read better
//     in hours, the unit cloud billing uses);
//  3. then whole hours ("72 h"), whole minutes below an hour ("30 min"), whole
//     seconds below a minute ("45 s");
//  4. anything else gets 4 significant digits in the largest unit it reaches:
//     years, months, days (from 7 days), h, min, s: "1.142 years", "1.5 h".
// Month = 730 h and year = 8760 h as in docs/language.md; 1 takes the singular ("1 month").



namespace detail {
namespace {

constexpr double kMinute = 60;
constexpr double kHour = 3600;
constexpr double kDay = 24 * kHour;
constexpr double kWeek = 7 * kDay;
constexpr double kMonth = 730 * kHour;
constexpr double kYear = 8760 * kHour;

struct DurationUnit {
  std::string_view plural;
  std::string_view singular;
  double factor;
  double min_whole;  // smallest count printed by the whole-number rules
  double max_whole;  // whole counts from here on fall through to the next rule
};

constexpr double kMaxWhole = 10000;  // at most 4 digits, like every other quantity

// Largest first: the whole-number rules try them in this order.
constexpr auto kWholeUnits = std::to_array<DurationUnit>({
    {"years", "year", kYear, 1, kMaxWhole},
    {"months", "month", kMonth, 1, kMaxWhole},
    {"weeks", "week", kWeek, 1, kMaxWhole},
    {"days", "day", kDay, 7, kMaxWhole},
    {"h", "h", kHour, 1, kMaxWhole},
    {"min", "min", kMinute, 1, 60},
    {"s", "s", 1, 1, 60},
});

// Largest first: the 4-significant-digit fallback takes the first one reached.
constexpr auto kFallbackUnits = std::to_array<DurationUnit>({
    {"years", "year", kYear, 1, 0},
    {"months", "month", kMonth, 1, 0},
    {"days", "day", kDay, 7, 0},
    {"h", "h", kHour, 1, 0},
    {"min", "min", kMinute, 1, 0},
    {"s", "s", 1, 0, 0},
});

std::string with_unit(const std::string& number, const DurationUnit& unit) {
  const bool one = number == "1" || number == "-1";
  return fmt::format("{} {}", number, one ? unit.singular : unit.plural);
}

}  // namespace

std::string format_duration(double seconds) {
  const double magnitude = std::fabs(seconds);
  if (magnitude == 0) return "0 s";
  for (const DurationUnit& unit : kWholeUnits) {
    const double count = magnitude / unit.factor;
    if (count >= unit.min_whole && count < unit.max_whole && is_whole(count)) {
      return with_unit(format_significant(std::copysign(std::round(count), seconds), 4), unit);
    }
  }
  for (const DurationUnit& unit : kFallbackUnits) {
    if (round_to_significant(magnitude / unit.factor, 4) >= unit.min_whole) {
      return with_unit(format_significant(seconds / unit.factor, 4), unit);
    }
  }
  // Unreachable: the last fallback unit accepts everything.
  return with_unit(format_significant(seconds, 4), kFallbackUnits.back());
}

}  // namespace detail
// `format(Quantity)`: the most readable rendering of a quantity. The rules:
//
// * Numbers carry at most 4 significant digits, trailing zeros trimmed, in plain
//   notation ("2.7", "640", "123500"); only beyond 10^15 (or below 10^-6) the
//   language's exponent syntax is used ("1.2e18").
// * Most dimensions pick, from a ladder of units, the largest one the value (rounded
//   to 4 significant digits) reaches, so 999.96 W prints "1 kW", not "1000 W":
//     bytes       B KB MB GB TB PB         (binary units: see format_bytes below)
//     bandwidth   B/s KB/s MB/s GB/s TB/s  (always bytes, never bits: 400 Gbps -> "50 GB/s")
//     power       W kW
//     frequency   Hz kHz MHz GHz
//     compute     GFLOPS TFLOPS PFLOPS
//   Values below the smallest rung use it ("0 B", "0.5 GFLOPS").
// * Single-unit dimensions: memory transfer rate "4800 MT/s" (never GT/s, the DDR
//   habit), temperature "80 C", energy "1.5 kWh".
// * Money prints in its currency with up to 2 decimals and no thousands separators
//   ("150000 CNY", "21.96 USD"), 4 significant digits below 1 ("0.004 USD"). Money
//   rates print per hour ("32.77 USD/h"), energy prices per kWh ("0.8 CNY/kWh"),
//   with the same money rule.
// * Durations: see duration_format.cpp ("72 h", "3 months", "2 years").
// * Dimensionless numbers: whole numbers below 10^6 print in full ("8", "150000");
//   others use 4 significant digits, switching to exponent syntax from 10^6 up or
//   below 10^-4 ("2.5", "0.6", "7e9", "1.235e6"), so a parameter count such as 7B
//   prints as "7e9" which reads back as the same number.
// * Any other dimension prints 4 significant digits in its base unit ("5 B*s").
// * Every printed unit except the base fallbacks "B" and "B/s" is in the unit table, so
//   "<number> <unit>" reads back to the same quantity within 4-digit rounding.




namespace detail {
namespace {

constexpr int kDigits = 4;
constexpr double kKilowattHour = 3.6e6;  // W*s
// (kHour = 3600 s is defined once above, by the duration formatter.)

constexpr auto kDecimalBytes = std::to_array<Scale>({
    {"B", 1}, {"KB", 1e3}, {"MB", 1e6}, {"GB", 1e9}, {"TB", 1e12}, {"PB", 1e15}});
// Largest first: the binary rule wants the largest unit that divides the value.
constexpr auto kBinaryBytes = std::to_array<Scale>({{"PiB", 1125899906842624.0},
                                                    {"TiB", 1099511627776.0},
                                                    {"GiB", 1073741824.0},
                                                    {"MiB", 1048576.0},
                                                    {"KiB", 1024.0}});
constexpr auto kBandwidth = std::to_array<Scale>({
    {"B/s", 1}, {"KB/s", 1e3}, {"MB/s", 1e6}, {"GB/s", 1e9}, {"TB/s", 1e12}});
constexpr auto kPower = std::to_array<Scale>({{"W", 1}, {"kW", 1e3}});
constexpr auto kFrequency = std::to_array<Scale>({{"Hz", 1}, {"kHz", 1e3}, {"MHz", 1e6}, {"GHz", 1e9}});
constexpr auto kCompute = std::to_array<Scale>({{"GFLOPS", 1e9}, {"TFLOPS", 1e12}, {"PFLOPS", 1e15}});

const Scale& pick_rung(double value, std::span<const Scale> ladder) {
  const double rounded = std::fabs(round_to_significant(value, kDigits));
  const Scale* chosen = &ladder.front();
  for (const Scale& scale : ladder) {
    if (rounded >= scale.factor) chosen = &scale;
  }
  return *chosen;
}

int significant_digit_count(double value) {
  return static_cast<int>(significant_digits(value, 15).digits.size());
}

std::string format_dimensionless(double value) {
  if (std::fabs(value) < 1e6 && value == std::trunc(value)) {
    return fmt::format("{:.0f}", value == 0 ? 0.0 : value);
  }
  return format_significant(value, kDigits, -4, 5);
}

std::string money_symbol(Currency currency) {
  const std::string_view code = currency_code(currency);
  return code.empty() ? "money" : std::string(code);
}

}  // namespace

std::string format_on_ladder(double value, std::span<const Scale> ladder) {
  const Scale& scale = pick_rung(value, ladder);
  return fmt::format("{} {}", format_significant(value / scale.factor, kDigits), scale.symbol);
}

// Bytes use decimal units ("80 GB") unless a binary unit reads strictly better: the
// value is a whole number (below 10000) of some binary unit, and either the decimal
// rendering would have to round ("1152 GiB", "80 GiB" instead of "1.237 TB", "85.9 GB")
// or the binary one needs fewer digits ("4 KiB" instead of "4.096 KB").
std::string format_bytes(double bytes) {
  const Scale& decimal = pick_rung(bytes, kDecimalBytes);
  const double decimal_count = bytes / decimal.factor;
  const double decimal_rounded = round_to_significant(decimal_count, kDigits);
  const bool decimal_exact =
      std::fabs(decimal_rounded - decimal_count) <= 1e-9 * std::fmax(1.0, std::fabs(decimal_count));
  for (const Scale& binary : kBinaryBytes) {
    const double count = bytes / binary.factor;  // exact: the factor is a power of two
    if (std::fabs(count) < 1 || std::fabs(count) >= 10000 || count != std::trunc(count)) continue;
    if (!decimal_exact || significant_digit_count(count) < significant_digit_count(decimal_rounded)) {
      return fmt::format("{} {}", format_significant(count, kDigits), binary.symbol);
    }
    break;  // smaller binary units only need more digits
  }
  // A whole number of MiB the loop above passed over that the decimal units can only round
  // prints in the largest binary unit (added with the rule in format.cpp: nvidia-smi's VRAM).
  const double mib = bytes / 1048576.0;
  if (!decimal_exact && mib == std::trunc(mib)) {
    for (const Scale& binary : kBinaryBytes) {
      if (std::fabs(bytes) >= binary.factor) {
        return fmt::format("{} {}", format_significant(bytes / binary.factor, kDigits), binary.symbol);
      }
    }
  }
  return format_on_ladder(bytes, kDecimalBytes);
}

}  // namespace detail

std::string format(const Quantity& quantity) {
  using namespace detail;
  const double value = quantity.value;
  const Dimension dimension = quantity.dimension;
  if (dimension.dimensionless()) return format_dimensionless(value);
  if (dimension == Dimension::data()) return format_bytes(value);
  if (dimension == Dimension::bandwidth()) return format_on_ladder(value, kBandwidth);
  if (dimension == Dimension::power()) return format_on_ladder(value, kPower);
  if (dimension == Dimension::frequency()) return format_on_ladder(value, kFrequency);
  if (dimension == Dimension::compute()) return format_on_ladder(value, kCompute);
  if (dimension == Dimension::transfer_rate()) return format_significant(value, kDigits) + " MT/s";
  if (dimension == Dimension::temperature()) return format_significant(value, kDigits) + " C";
  if (dimension == Dimension::energy()) return format_significant(value / kKilowattHour, kDigits) + " kWh";
  if (dimension == Dimension::duration()) return format_duration(value);
  const std::string money = money_symbol(quantity.currency);
  if (dimension == Dimension::money_amount()) return format_money_amount(value) + " " + money;
  if (dimension == Dimension::money_rate()) return format_money_amount(value * kHour) + " " + money + "/h";
  if (dimension == Dimension::energy_price()) {
    return format_money_amount(value * kKilowattHour) + " " + money + "/kWh";
  }
  return format_significant(value, kDigits) + " " + base_unit_symbol(dimension, quantity.currency);
}



// clang-format on
}  // namespace gpuspec::units::old_impl
