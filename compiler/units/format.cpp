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
#include <array>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <iterator>
#include <string>
#include <string_view>

#include "units/format_parts.h"
#include "units/number_format.h"
#include "units/quantity.h"

namespace gpuspec::units {
namespace detail {
namespace {

constexpr int kDigits = 4;
constexpr double kKilowattHour = 3.6e6;  // W*s
constexpr double kHour = 3600;           // s

constexpr auto kDecimalBytes = std::to_array<Scale>({
    {"B", 1}, {"KB", 1e3}, {"MB", 1e6}, {"GB", 1e9}, {"TB", 1e12}, {"PB", 1e15}});
// Largest first: the binary rule wants the largest unit that divides the value.
constexpr auto kBinaryBytes = std::to_array<Scale>({{"PiB", 1125899906842624.0},
                                                    {"TiB", 1099511627776.0},
                                                    {"GiB", 1073741824.0},
                                                    {"MiB", 1048576.0},
                                                    {"KiB", 1024.0}});
constexpr double kMiB = 1048576.0;
constexpr auto kBandwidth = std::to_array<Scale>({
    {"B/s", 1}, {"KB/s", 1e3}, {"MB/s", 1e6}, {"GB/s", 1e9}, {"TB/s", 1e12}});
constexpr auto kPower = std::to_array<Scale>({{"W", 1}, {"kW", 1e3}});
constexpr auto kFrequency = std::to_array<Scale>({{"Hz", 1}, {"kHz", 1e3}, {"MHz", 1e6}, {"GHz", 1e9}});
constexpr auto kCompute = std::to_array<Scale>({{"GFLOPS", 1e9}, {"TFLOPS", 1e12}, {"PFLOPS", 1e15}});

// The ladders' factors are powers of ten, which have at most 4 significant digits as
// reaches_at_4_digits needs; the binary byte units are not a ladder.
const Scale& pick_rung(double value, std::span<const Scale> ladder) {
  const double magnitude = std::fabs(value);
  for (auto rung = ladder.rbegin(); rung != ladder.rend(); ++rung) {
    if (reaches_at_4_digits(magnitude, rung->factor)) return *rung;
  }
  return ladder.front();
}

void dimensionless_text(double value, QuantityText& text) {
  text.has_unit = false;
  if (std::fabs(value) < 1e6 && value == std::trunc(value)) {
    // A whole number below 10^6 fits an integer exactly; prints as "{:.0f}" would.
    NumberText& number = text.number;
    number.size = static_cast<std::size_t>(
        std::to_chars(number.chars, std::end(number.chars), static_cast<long>(value)).ptr - number.chars);
    return;
  }
  write_significant(text.number, value, kDigits, -4, 5);
}

void unit_text(double number, std::string_view unit, QuantityText& text) {
  write_significant(text.number, number, kDigits);
  text.unit = unit;
}

void money_text(double amount, Currency currency, std::string_view suffix, QuantityText& text) {
  write_money_amount(text.number, amount);
  text.unit = currency_code(currency);
  if (text.unit.empty()) text.unit = "money";
  text.suffix = suffix;
}

}  // namespace

void ladder_text(double value, std::span<const Scale> ladder, QuantityText& text) {
  const Scale& scale = pick_rung(value, ladder);
  unit_text(value / scale.factor, scale.symbol, text);
}

// Bytes use decimal units ("80 GB") unless a binary unit reads strictly better: the
// value is a whole number (below 10000) of some binary unit, and either the decimal
// rendering would have to round ("1152 GiB", "80 GiB" instead of "1.237 TB", "85.9 GB")
// or the binary one needs fewer digits ("4 KiB" instead of "4.096 KB"). A whole number of
// MiB too large for the first rule (10000 MiB or more) that the decimal units can only
// round is a capacity the hardware reports in binary units (nvidia-smi's 81559 MiB): it
// prints in the largest binary unit, rounded like any figure ("79.65 GiB", not "85.52 GB").
void bytes_text(double bytes, QuantityText& text) {
  const Scale& decimal = pick_rung(bytes, kDecimalBytes);
  const double decimal_count = bytes / decimal.factor;
  const double decimal_rounded = round_to_significant(decimal_count, kDigits);
  const bool decimal_exact =
      std::fabs(decimal_rounded - decimal_count) <= 1e-9 * std::fmax(1.0, std::fabs(decimal_count));
  for (const Scale& binary : kBinaryBytes) {
    const double count = bytes / binary.factor;  // exact: the factor is a power of two
    if (std::fabs(count) < 1 || std::fabs(count) >= 10000 || count != std::trunc(count)) continue;
    if (!decimal_exact || significant_digit_count(count, 15) < significant_digit_count(decimal_rounded, 15)) {
      return unit_text(count, binary.symbol, text);
    }
    break;  // smaller binary units only need more digits
  }
  const double mib = bytes / kMiB;  // exact: a power of two
  if (!decimal_exact && mib == std::trunc(mib)) {
    for (const Scale& binary : kBinaryBytes) {
      if (std::fabs(bytes) >= binary.factor) return unit_text(bytes / binary.factor, binary.symbol, text);
    }
  }
  unit_text(decimal_count, decimal.symbol, text);
}

void quantity_text(const Quantity& quantity, QuantityText& text) {
  const double value = quantity.value;
  const Dimension dimension = quantity.dimension;
  if (dimension.dimensionless()) return dimensionless_text(value, text);
  if (dimension == Dimension::data()) return bytes_text(value, text);
  if (dimension == Dimension::bandwidth()) return ladder_text(value, kBandwidth, text);
  if (dimension == Dimension::power()) return ladder_text(value, kPower, text);
  if (dimension == Dimension::frequency()) return ladder_text(value, kFrequency, text);
  if (dimension == Dimension::compute()) return ladder_text(value, kCompute, text);
  if (dimension == Dimension::transfer_rate()) return unit_text(value, "MT/s", text);
  if (dimension == Dimension::temperature()) return unit_text(value, "C", text);
  if (dimension == Dimension::energy()) return unit_text(value / kKilowattHour, "kWh", text);
  if (dimension == Dimension::duration()) return duration_text(value, text);
  const Currency currency = quantity.currency;
  if (dimension == Dimension::money_amount()) return money_text(value, currency, "", text);
  if (dimension == Dimension::money_rate()) return money_text(value * kHour, currency, "/h", text);
  if (dimension == Dimension::energy_price()) return money_text(value * kKilowattHour, currency, "/kWh", text);
  text.computed_unit = base_unit_symbol(dimension, currency);
  unit_text(value, text.computed_unit, text);
}

}  // namespace detail

namespace {

// The texts of the quantities this thread printed last, by a hash of the quantity. A
// check prints the same few values over and over (each finding's notes and message
// show "48 GB", "2 x 2000 W", "350 W" of the parts every server shares): formatting
// one was ~450 instructions, ~3 % of a check of the peer corpus (issue 28); a hit is
// a compare and a copy. Keyed by the value's bits, so -0 and 0 or two NaNs never mix.
struct ShownText {
  std::uint64_t bits = 0;
  Dimension dimension;
  Currency currency = Currency::None;
  std::uint8_t size = 0;  // 0: empty slot (every text has a digit)
  char text[38];
};

std::uint64_t bits_of(double value) {
  std::uint64_t bits;
  std::memcpy(&bits, &value, sizeof bits);
  return bits;
}

ShownText& shown_slot(const Quantity& quantity, std::uint64_t bits) {
  thread_local std::array<ShownText, 256> shown;
  // The dimension's exponents as bytes of one word (its fields are signed chars).
  std::uint64_t dimension = 0;
  static_assert(sizeof(Dimension) <= 7);
  std::memcpy(&dimension, &quantity.dimension, sizeof(Dimension));
  dimension |= static_cast<std::uint64_t>(quantity.currency) << 56;
  const std::uint64_t h = (bits * 0x9E3779B97F4A7C15ull ^ dimension) * 0x9E3779B97F4A7C15ull;
  return shown[h >> 56];
}

// The text of `quantity`, from this thread's cache or formatted into it.
std::string_view shown_text(const Quantity& quantity, detail::QuantityText& scratch, std::string& long_text) {
  const std::uint64_t bits = bits_of(quantity.value);
  ShownText& slot = shown_slot(quantity, bits);
  if (slot.size != 0 && slot.bits == bits && slot.dimension == quantity.dimension && slot.currency == quantity.currency) {
    return {slot.text, slot.size};
  }
  detail::quantity_text(quantity, scratch);
  long_text.clear();
  long_text.reserve(scratch.size());
  scratch.append_to(long_text);
  if (long_text.empty() || long_text.size() > sizeof slot.text) return long_text;
  slot.bits = bits;
  slot.dimension = quantity.dimension;
  slot.currency = quantity.currency;
  slot.size = static_cast<std::uint8_t>(long_text.size());
  std::memcpy(slot.text, long_text.data(), long_text.size());
  return {slot.text, slot.size};
}

}  // namespace

std::string format(const Quantity& quantity) {
  detail::QuantityText scratch;
  std::string formatted;
  const std::string_view text = shown_text(quantity, scratch, formatted);
  if (text.data() == formatted.data()) return formatted;
  return std::string(text);  // no allocation up to 15 characters ("80 GB", "32.77 USD/h")
}

void format_to(std::string& out, const Quantity& quantity) {
  detail::QuantityText scratch;
  std::string formatted;
  out += shown_text(quantity, scratch, formatted);
}

}  // namespace gpuspec::units
