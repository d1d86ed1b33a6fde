// Quantities with dimensions. Every value is stored in its base unit
// (B, B/s, W, Hz, MT/s, C, s, one unit of a currency, currency/s, FLOP/s), so
// arithmetic and comparison never convert; printing picks the most readable scale.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace gpuspec::units {

// Money carries its currency; it is converted only through the price book's dated
// exchange rate, never implicitly.
enum class Currency { None, CNY, USD };
std::string_view currency_code(Currency currency);  // "", "CNY", "USD"

// A dimension is a vector of exponents over base dimensions. Named dimensions
// (bytes, bandwidth, ...) are just common vectors; products and quotients of them
// (e.g. W * h) stay representable.
struct Dimension {
  signed char bytes = 0;
  signed char seconds = 0;
  signed char watts = 0;
  signed char celsius = 0;
  signed char transfers = 0;  // memory transfers (MT/s = transfers / second)
  signed char flops = 0;
  signed char money = 0;

  friend bool operator==(const Dimension&, const Dimension&) = default;
  bool dimensionless() const { return *this == Dimension{}; }

  static Dimension none() { return {}; }
  static Dimension data() { return {.bytes = 1}; }
  static Dimension bandwidth() { return {.bytes = 1, .seconds = -1}; }
  static Dimension power() { return {.watts = 1}; }
  static Dimension frequency() { return {.seconds = -1}; }
  static Dimension transfer_rate() { return {.seconds = -1, .transfers = 1}; }
  static Dimension temperature() { return {.celsius = 1}; }
  static Dimension duration() { return {.seconds = 1}; }
  static Dimension compute() { return {.seconds = -1, .flops = 1}; }
  static Dimension money_amount() { return {.money = 1}; }
  static Dimension money_rate() { return {.seconds = -1, .money = 1}; }
  // Energy is W*s (kWh = 3.6e6 W*s); an energy price is money per W*s.
  static Dimension energy() { return {.seconds = 1, .watts = 1}; }
  static Dimension energy_price() { return {.seconds = -1, .watts = -1, .money = 1}; }
};

// Human name of a dimension for diagnostics: "bytes", "bandwidth", "power", "frequency",
// "memory transfer rate", "temperature", "duration", "money", "money rate", "compute",
// "energy", "energy price", "dimensionless", or a product such as "B*s" or "money/B".
std::string dimension_name(Dimension dimension);
// Base unit symbol used in JSON output: "B", "B/s", "W", "Hz", "MT/s", "C", "s", "USD",
// "USD/s", "FLOP/s", "" (dimensionless), or a product for other dimensions: "W*s" (energy),
// "CNY/(W*s)" (energy price), "B*s", "1/B" ...
std::string base_unit_symbol(Dimension dimension, Currency currency);

struct Quantity {
  double value = 0;  // in the base unit
  Dimension dimension;
  Currency currency = Currency::None;

  static Quantity number(double v) { return {v, Dimension::none(), Currency::None}; }
};

// One row of the unit table (docs/language.md, "Units").
struct Unit {
  std::string_view symbol;  // as written: "GB", "GiB", "Gbps", "MT/s", "USD/h", "months" ...
  Dimension dimension;
  double factor;            // base units per one of this unit (GB -> 1e9, Gbps -> 1.25e8)
  Currency currency = Currency::None;
};

// Exact, case-sensitive lookup ("GB" is a unit, "gb" is not; "1TB" is bytes, "T" is not a unit).
const Unit* find_unit(std::string_view symbol);
// Every unit symbol, for "did you mean" suggestions.
std::vector<std::string_view> all_unit_symbols();

// Scaled-count suffixes written without a space: K=1e3, M=1e6, B=1e9, T=1e12.
std::optional<double> scaled_count_factor(char suffix);

enum class ArithmeticError { None, DimensionMismatch, CurrencyMismatch, Overflow, DivisionByZero };

struct ArithmeticResult {
  Quantity value;
  ArithmeticError error = ArithmeticError::None;
  bool ok() const { return error == ArithmeticError::None; }
};

// Checked arithmetic: add/sub need equal dimensions (and currencies); mul/div combine
// exponents; any non-finite result is Overflow; x / 0 is DivisionByZero.
ArithmeticResult add(const Quantity& a, const Quantity& b);
ArithmeticResult subtract(const Quantity& a, const Quantity& b);
ArithmeticResult multiply(const Quantity& a, const Quantity& b);
ArithmeticResult divide(const Quantity& a, const Quantity& b);
// Comparison needs equal dimensions; nullopt on mismatch. Returns <0, 0, >0.
std::optional<int> compare(const Quantity& a, const Quantity& b);

// Makes a quantity from a number written in a unit; Overflow when the product is not finite.
ArithmeticResult make_quantity(double number, const Unit& unit);

// The most readable rendering: "640 GB", "2.7 kW", "18 months", "1.2 TB/s", "400 Gbps"
// is NOT produced (bandwidth prints in bytes: "50 GB/s"), "32.77 USD/h", "4800 MT/s", "60%"
// is not produced either (dimensionless prints as a plain number). Decimal byte units are
// used unless the value is an exact multiple of a binary unit and not of the decimal one
// (so 1152 GiB prints "1152 GiB"). At most 4 significant digits, trailing zeros trimmed.
std::string format(const Quantity& quantity);
// The same text appended to `out`, for callers building a longer message or note: no
// temporary string ("2 x " then format_to(out, psu) then " (one of 2 failed)").
void format_to(std::string& out, const Quantity& quantity);

}  // namespace gpuspec::units
