// The unit table against hand-computed factors. Expected factors are written out as
// plain literals (not built from the same constants as the table) so a wrong
// constant in unit_table.cpp cannot hide.
#include <cctype>
#include <set>
#include <string>

#include <gtest/gtest.h>

#include "units/quantity.h"

namespace gpuspec::units {
namespace {

struct UnitCase {
  const char* symbol;
  double factor;  // base units per one
  Dimension dimension;
  Currency currency = Currency::None;
};

void PrintTo(const UnitCase& c, std::ostream* os) { *os << c.symbol; }

const Dimension kBytes{.bytes = 1};
const Dimension kBandwidth{.bytes = 1, .seconds = -1};
const Dimension kPower{.watts = 1};
const Dimension kHertz{.seconds = -1};
const Dimension kTransfers{.seconds = -1, .transfers = 1};
const Dimension kCelsius{.celsius = 1};
const Dimension kSeconds{.seconds = 1};
const Dimension kMoney{.money = 1};
const Dimension kMoneyPerSecond{.seconds = -1, .money = 1};
const Dimension kFlops{.seconds = -1, .flops = 1};
const Dimension kWattSeconds{.seconds = 1, .watts = 1};
const Dimension kMoneyPerWattSecond{.seconds = -1, .watts = -1, .money = 1};

const UnitCase kUnitCases[] = {
    {"KB", 1000.0, kBytes},
    {"MB", 1000000.0, kBytes},
    {"GB", 1000000000.0, kBytes},
    {"TB", 1000000000000.0, kBytes},
    {"PB", 1000000000000000.0, kBytes},
    {"KiB", 1024.0, kBytes},
    {"MiB", 1048576.0, kBytes},
    {"GiB", 1073741824.0, kBytes},
    {"TiB", 1099511627776.0, kBytes},
    {"PiB", 1125899906842624.0, kBytes},
    {"KB/s", 1000.0, kBandwidth},
    {"MB/s", 1000000.0, kBandwidth},
    {"GB/s", 1000000000.0, kBandwidth},
    {"TB/s", 1000000000000.0, kBandwidth},
    {"GiB/s", 1073741824.0, kBandwidth},
    {"Mbps", 125000.0, kBandwidth},
    {"Gbps", 125000000.0, kBandwidth},
    {"Tbps", 125000000000.0, kBandwidth},
    {"W", 1.0, kPower},
    {"kW", 1000.0, kPower},
    {"Hz", 1.0, kHertz},
    {"kHz", 1000.0, kHertz},
    {"MHz", 1000000.0, kHertz},
    {"GHz", 1000000000.0, kHertz},
    {"MT/s", 1.0, kTransfers},
    {"GT/s", 1000.0, kTransfers},
    {"C", 1.0, kCelsius},
    {"s", 1.0, kSeconds},
    {"min", 60.0, kSeconds},
    {"h", 3600.0, kSeconds},
    {"hour", 3600.0, kSeconds},
    {"hours", 3600.0, kSeconds},
    {"day", 86400.0, kSeconds},
    {"days", 86400.0, kSeconds},
    {"week", 604800.0, kSeconds},
    {"weeks", 604800.0, kSeconds},
    {"month", 2628000.0, kSeconds},  // 730 h
    {"months", 2628000.0, kSeconds},
    {"year", 31536000.0, kSeconds},  // 8760 h
    {"years", 31536000.0, kSeconds},
    {"CNY", 1.0, kMoney, Currency::CNY},
    {"USD", 1.0, kMoney, Currency::USD},
    {"CNY/h", 1.0 / 3600.0, kMoneyPerSecond, Currency::CNY},
    {"USD/h", 1.0 / 3600.0, kMoneyPerSecond, Currency::USD},
    {"CNY/month", 1.0 / 2628000.0, kMoneyPerSecond, Currency::CNY},
    {"USD/month", 1.0 / 2628000.0, kMoneyPerSecond, Currency::USD},
    {"CNY/year", 1.0 / 31536000.0, kMoneyPerSecond, Currency::CNY},
    {"USD/year", 1.0 / 31536000.0, kMoneyPerSecond, Currency::USD},
    {"GFLOPS", 1e9, kFlops},
    {"TFLOPS", 1e12, kFlops},
    {"PFLOPS", 1e15, kFlops},
    {"kWh", 3600000.0, kWattSeconds},
    {"CNY/kWh", 1.0 / 3600000.0, kMoneyPerWattSecond, Currency::CNY},
    {"USD/kWh", 1.0 / 3600000.0, kMoneyPerWattSecond, Currency::USD},
};

class UnitTableTest : public testing::TestWithParam<UnitCase> {};

TEST_P(UnitTableTest, FactorDimensionAndCurrency) {
  const UnitCase& expected = GetParam();
  const Unit* unit = find_unit(expected.symbol);
  ASSERT_NE(unit, nullptr) << expected.symbol;
  EXPECT_EQ(unit->symbol, expected.symbol);
  EXPECT_DOUBLE_EQ(unit->factor, expected.factor);
  EXPECT_EQ(unit->dimension, expected.dimension) << dimension_name(unit->dimension);
  EXPECT_EQ(unit->currency, expected.currency);
}

INSTANTIATE_TEST_SUITE_P(EveryUnit, UnitTableTest, testing::ValuesIn(kUnitCases),
                         [](const testing::TestParamInfo<UnitCase>& info) {
                           std::string name;
                           for (const char* c = info.param.symbol; *c; ++c) {
                             name += std::isalnum(static_cast<unsigned char>(*c)) ? *c : '_';
                           }
                           return name;
                         });

TEST(UnitTable, EverySymbolIsCoveredByTheExpectedTableAndUnique) {
  std::set<std::string> expected;
  for (const UnitCase& c : kUnitCases) expected.insert(c.symbol);
  std::set<std::string> actual;
  for (std::string_view symbol : all_unit_symbols()) {
    EXPECT_TRUE(actual.insert(std::string(symbol)).second) << "duplicate " << symbol;
  }
  EXPECT_EQ(actual, expected);
}

TEST(UnitTable, LookupIsExactAndCaseSensitive) {
  for (const char* not_a_unit : {"gb", "Gb", "tb", "T", "K", "M", "B", "kb", "gbps", "w", "KW", "mhz", "", " GB",
                                 "GB ", "TB/h", "usd", "Month", "hrs"}) {
    EXPECT_EQ(find_unit(not_a_unit), nullptr) << '"' << not_a_unit << '"';
  }
}

// `1TB` is a terabyte while `1T` is the scaled count 10^12.
TEST(UnitTable, TerabyteIsAUnitButTIsAScaledCount) {
  const Unit* terabyte = find_unit("TB");
  ASSERT_NE(terabyte, nullptr);
  EXPECT_EQ(terabyte->dimension, Dimension::data());
  EXPECT_EQ(find_unit("T"), nullptr);
  EXPECT_EQ(scaled_count_factor('T'), 1e12);
}

TEST(ScaledCount, Suffixes) {
  EXPECT_EQ(scaled_count_factor('K'), 1e3);
  EXPECT_EQ(scaled_count_factor('M'), 1e6);
  EXPECT_EQ(scaled_count_factor('B'), 1e9);
  EXPECT_EQ(scaled_count_factor('T'), 1e12);
  for (char not_a_suffix : {'k', 'm', 'b', 't', 'G', 'P', 'X', '0', ' '}) {
    EXPECT_EQ(scaled_count_factor(not_a_suffix), std::nullopt) << not_a_suffix;
  }
}

TEST(Currency, Codes) {
  EXPECT_EQ(currency_code(Currency::None), "");
  EXPECT_EQ(currency_code(Currency::CNY), "CNY");
  EXPECT_EQ(currency_code(Currency::USD), "USD");
}

}  // namespace
}  // namespace gpuspec::units
