// The unit table of docs/language.md ("Units"). Every factor converts one of the unit
// into the base unit of its dimension (B, B/s, W, Hz, MT/s, C, s, one unit of a
// currency, currency/s, FLOP/s, W*s), so the rest of the compiler never converts.
#include <array>

#include "units/quantity.h"

namespace gpuspec::units {
namespace {

// Dimension vectors spelled out as aggregates so the table below is a constant.
constexpr Dimension kData{.bytes = 1};
constexpr Dimension kBandwidth{.bytes = 1, .seconds = -1};
constexpr Dimension kPower{.watts = 1};
constexpr Dimension kFrequency{.seconds = -1};
constexpr Dimension kTransferRate{.seconds = -1, .transfers = 1};
constexpr Dimension kTemperature{.celsius = 1};
constexpr Dimension kDuration{.seconds = 1};
constexpr Dimension kMoney{.money = 1};
constexpr Dimension kMoneyRate{.seconds = -1, .money = 1};
constexpr Dimension kCompute{.seconds = -1, .flops = 1};
constexpr Dimension kEnergy{.seconds = 1, .watts = 1};
constexpr Dimension kEnergyPrice{.seconds = -1, .watts = -1, .money = 1};

constexpr double kKibi = 1024.0;
constexpr double kMebi = kKibi * 1024.0;
constexpr double kGibi = kMebi * 1024.0;
constexpr double kTebi = kGibi * 1024.0;
constexpr double kPebi = kTebi * 1024.0;

constexpr double kBitsPerByte = 8.0;

constexpr double kMinute = 60.0;
constexpr double kHour = 3600.0;
constexpr double kDay = 24 * kHour;
constexpr double kWeek = 7 * kDay;
constexpr double kMonth = 730 * kHour;  // docs/language.md: month = 730 h (8760 h / 12)
constexpr double kYear = 8760 * kHour;  // docs/language.md: year = 8760 h (365 days)

constexpr double kKilowattHour = 1000.0 * kHour;  // W*s

constexpr auto kUnits = std::to_array<Unit>({
    // bytes: decimal (10^3n) and binary (2^10n) prefixes
    {"KB", kData, 1e3},
    {"MB", kData, 1e6},
    {"GB", kData, 1e9},
    {"TB", kData, 1e12},
    {"PB", kData, 1e15},
    {"KiB", kData, kKibi},
    {"MiB", kData, kMebi},
    {"GiB", kData, kGibi},
    {"TiB", kData, kTebi},
    {"PiB", kData, kPebi},
    // bandwidth in bytes per second, and in bits per second (network links)
    {"KB/s", kBandwidth, 1e3},
    {"MB/s", kBandwidth, 1e6},
    {"GB/s", kBandwidth, 1e9},
    {"TB/s", kBandwidth, 1e12},
    {"GiB/s", kBandwidth, kGibi},
    {"Mbps", kBandwidth, 1e6 / kBitsPerByte},
    {"Gbps", kBandwidth, 1e9 / kBitsPerByte},
    {"Tbps", kBandwidth, 1e12 / kBitsPerByte},
    // power
    {"W", kPower, 1.0},
    {"kW", kPower, 1e3},
    // frequency
    {"Hz", kFrequency, 1.0},
    {"kHz", kFrequency, 1e3},
    {"MHz", kFrequency, 1e6},
    {"GHz", kFrequency, 1e9},
    // memory transfer rate; the base unit is MT/s itself
    {"MT/s", kTransferRate, 1.0},
    {"GT/s", kTransferRate, 1e3},
    // temperature
    {"C", kTemperature, 1.0},
    // duration
    {"s", kDuration, 1.0},
    {"min", kDuration, kMinute},
    {"h", kDuration, kHour},
    {"hour", kDuration, kHour},
    {"hours", kDuration, kHour},
    {"day", kDuration, kDay},
    {"days", kDuration, kDay},
    {"week", kDuration, kWeek},
    {"weeks", kDuration, kWeek},
    {"month", kDuration, kMonth},
    {"months", kDuration, kMonth},
    {"year", kDuration, kYear},
    {"years", kDuration, kYear},
    // money
    {"CNY", kMoney, 1.0, Currency::CNY},
    {"USD", kMoney, 1.0, Currency::USD},
    // money per duration, stored per second
    {"CNY/h", kMoneyRate, 1.0 / kHour, Currency::CNY},
    {"USD/h", kMoneyRate, 1.0 / kHour, Currency::USD},
    {"CNY/month", kMoneyRate, 1.0 / kMonth, Currency::CNY},
    {"USD/month", kMoneyRate, 1.0 / kMonth, Currency::USD},
    {"CNY/year", kMoneyRate, 1.0 / kYear, Currency::CNY},
    {"USD/year", kMoneyRate, 1.0 / kYear, Currency::USD},
    // compute
    {"GFLOPS", kCompute, 1e9},
    {"TFLOPS", kCompute, 1e12},
    {"PFLOPS", kCompute, 1e15},
    // energy and its price (electricity tariffs)
    {"kWh", kEnergy, kKilowattHour},
    {"CNY/kWh", kEnergyPrice, 1.0 / kKilowattHour, Currency::CNY},
    {"USD/kWh", kEnergyPrice, 1.0 / kKilowattHour, Currency::USD},
});

}  // namespace

std::string_view currency_code(Currency currency) {
  switch (currency) {
    case Currency::CNY:
      return "CNY";
    case Currency::USD:
      return "USD";
    case Currency::None:
      break;
  }
  return "";
}

const Unit* find_unit(std::string_view symbol) {
  // ~60 rows: a linear scan is as fast as a hash lookup and keeps the table constant.
  for (const Unit& unit : kUnits) {
    if (unit.symbol == symbol) return &unit;
  }
  return nullptr;
}

std::vector<std::string_view> all_unit_symbols() {
  std::vector<std::string_view> symbols;
  symbols.reserve(kUnits.size());
  for (const Unit& unit : kUnits) symbols.push_back(unit.symbol);
  return symbols;
}

std::optional<double> scaled_count_factor(char suffix) {
  switch (suffix) {
    case 'K':
      return 1e3;
    case 'M':
      return 1e6;
    case 'B':
      return 1e9;
    case 'T':
      return 1e12;
    default:
      return std::nullopt;
  }
}

}  // namespace gpuspec::units
