#include <string>

#include <gtest/gtest.h>

#include "units/quantity.h"

namespace gpuspec::units {
namespace {

struct NameCase {
  Dimension dimension;
  Currency currency;
  const char* name;         // dimension_name
  const char* base_symbol;  // base_unit_symbol
};

void PrintTo(const NameCase& c, std::ostream* os) { *os << c.name; }

const NameCase kNameCases[] = {
    {Dimension{}, Currency::None, "dimensionless", ""},
    {Dimension{.bytes = 1}, Currency::None, "bytes", "B"},
    {Dimension{.bytes = 1, .seconds = -1}, Currency::None, "bandwidth", "B/s"},
    {Dimension{.watts = 1}, Currency::None, "power", "W"},
    {Dimension{.seconds = -1}, Currency::None, "frequency", "Hz"},
    {Dimension{.seconds = -1, .transfers = 1}, Currency::None, "memory transfer rate", "MT/s"},
    {Dimension{.celsius = 1}, Currency::None, "temperature", "C"},
    {Dimension{.seconds = 1}, Currency::None, "duration", "s"},
    {Dimension{.money = 1}, Currency::USD, "money", "USD"},
    {Dimension{.money = 1}, Currency::CNY, "money", "CNY"},
    {Dimension{.seconds = -1, .money = 1}, Currency::USD, "money rate", "USD/s"},
    {Dimension{.seconds = -1, .flops = 1}, Currency::None, "compute", "FLOP/s"},
    {Dimension{.seconds = 1, .watts = 1}, Currency::None, "energy", "W*s"},
    {Dimension{.seconds = -1, .watts = -1, .money = 1}, Currency::CNY, "energy price", "CNY/(W*s)"},
    {Dimension{.bytes = 1, .seconds = 1}, Currency::None, "B*s", "B*s"},
    {Dimension{.bytes = -1}, Currency::None, "1/B", "1/B"},
    {Dimension{.bytes = 2}, Currency::None, "B^2", "B^2"},
    {Dimension{.seconds = -2}, Currency::None, "1/s^2", "1/s^2"},
    {Dimension{.bytes = -1, .money = 1}, Currency::USD, "money/B", "USD/B"},
    {Dimension{.money = 2}, Currency::USD, "money^2", "USD^2"},
};

class DimensionNameTest : public testing::TestWithParam<NameCase> {};

TEST_P(DimensionNameTest, NameAndBaseSymbol) {
  const NameCase& c = GetParam();
  EXPECT_EQ(dimension_name(c.dimension), c.name);
  EXPECT_EQ(base_unit_symbol(c.dimension, c.currency), c.base_symbol);
}

INSTANTIATE_TEST_SUITE_P(Dimensions, DimensionNameTest, testing::ValuesIn(kNameCases));

TEST(Dimension, NamedConstructorsMatchTheirNames) {
  EXPECT_EQ(dimension_name(Dimension::none()), "dimensionless");
  EXPECT_EQ(dimension_name(Dimension::data()), "bytes");
  EXPECT_EQ(dimension_name(Dimension::bandwidth()), "bandwidth");
  EXPECT_EQ(dimension_name(Dimension::power()), "power");
  EXPECT_EQ(dimension_name(Dimension::frequency()), "frequency");
  EXPECT_EQ(dimension_name(Dimension::transfer_rate()), "memory transfer rate");
  EXPECT_EQ(dimension_name(Dimension::temperature()), "temperature");
  EXPECT_EQ(dimension_name(Dimension::duration()), "duration");
  EXPECT_EQ(dimension_name(Dimension::compute()), "compute");
  EXPECT_EQ(dimension_name(Dimension::money_amount()), "money");
  EXPECT_EQ(dimension_name(Dimension::money_rate()), "money rate");
  EXPECT_EQ(dimension_name(Dimension::energy()), "energy");
  EXPECT_EQ(dimension_name(Dimension::energy_price()), "energy price");
}

}  // namespace
}  // namespace gpuspec::units
