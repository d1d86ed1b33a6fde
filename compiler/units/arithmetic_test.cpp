#include <cmath>
#include <limits>

#include <gtest/gtest.h>

#include "units/quantity.h"

namespace gpuspec::units {
namespace {

// Test helper: "number unit" through the real table; fails the test on a bad symbol.
Quantity q(double number, const char* symbol) {
  const Unit* unit = find_unit(symbol);
  EXPECT_NE(unit, nullptr) << symbol;
  if (unit == nullptr) return {};
  const ArithmeticResult result = make_quantity(number, *unit);
  EXPECT_TRUE(result.ok()) << number << ' ' << symbol;
  return result.value;
}

TEST(MakeQuantity, StoresBaseUnits) {
  EXPECT_DOUBLE_EQ(q(80, "GB").value, 80e9);
  EXPECT_DOUBLE_EQ(q(80, "GiB").value, 85899345920.0);
  EXPECT_DOUBLE_EQ(q(400, "Gbps").value, 50e9);
  EXPECT_DOUBLE_EQ(q(18, "months").value, 18 * 730 * 3600.0);
  EXPECT_DOUBLE_EQ(q(32.77, "USD/h").value, 32.77 / 3600);
  EXPECT_EQ(q(150000, "CNY").currency, Currency::CNY);
  EXPECT_EQ(q(5, "GB").currency, Currency::None);
}

TEST(MakeQuantity, OverflowWhenTheProductIsNotFinite) {
  // 1e300 TB would be 1e312 bytes, beyond the largest double (~1.8e308).
  const ArithmeticResult result = make_quantity(1e300, *find_unit("TB"));
  EXPECT_EQ(result.error, ArithmeticError::Overflow);
  EXPECT_FALSE(result.ok());
  EXPECT_TRUE(std::isfinite(result.value.value));
  EXPECT_EQ(result.value.dimension, Dimension::data());
  // The largest double is itself fine in a unit whose factor is 1.
  EXPECT_TRUE(make_quantity(std::numeric_limits<double>::max(), *find_unit("W")).ok());
  EXPECT_EQ(make_quantity(std::numeric_limits<double>::infinity(), *find_unit("W")).error,
            ArithmeticError::Overflow);
  EXPECT_EQ(make_quantity(std::nan(""), *find_unit("W")).error, ArithmeticError::Overflow);
}

TEST(BitsAndBytes, FourHundredGbpsIsFiftyGBPerSecond) {
  EXPECT_EQ(compare(q(400, "Gbps"), q(50, "GB/s")), 0);
  EXPECT_EQ(compare(q(100, "Gbps"), q(12.5, "GB/s")), 0);
  EXPECT_EQ(compare(q(1, "Tbps"), q(125, "GB/s")), 0);
  EXPECT_EQ(compare(q(400, "Gbps"), q(400, "GB/s")), -1);
}

struct BinaryCase {
  const char* name;
  ArithmeticResult (*operation)(const Quantity&, const Quantity&);
  Quantity a;
  Quantity b;
  ArithmeticError error;
  double value;  // expected base-unit value when ok
  Dimension dimension;
  Currency currency = Currency::None;
};

void PrintTo(const BinaryCase& c, std::ostream* os) { *os << c.name; }

const Quantity kMax = Quantity::number(std::numeric_limits<double>::max());

std::vector<BinaryCase> binary_cases() {
  const Dimension energy{.seconds = 1, .watts = 1};
  return {
      {"AddBytes", add, q(80, "GB"), q(48, "GB"), ArithmeticError::None, 128e9, Dimension::data()},
      {"AddMixedScales", add, q(1, "TB"), q(24, "GB"), ArithmeticError::None, 1.024e12, Dimension::data()},
      {"SubtractDurations", subtract, q(2, "days"), q(12, "h"), ArithmeticError::None, 36 * 3600.0,
       Dimension::duration()},
      {"AddPowerToBytes", add, q(2000, "W"), q(1, "GB"), ArithmeticError::DimensionMismatch, 0, {}},
      {"SubtractBandwidthFromBytes", subtract, q(1, "GB"), q(1, "GB/s"), ArithmeticError::DimensionMismatch, 0, {}},
      {"AddNumberToBytes", add, q(1, "GB"), Quantity::number(1), ArithmeticError::DimensionMismatch, 0, {}},
      {"AddSameCurrency", add, q(100, "USD"), q(21.96, "USD"), ArithmeticError::None, 121.96,
       Dimension::money_amount(), Currency::USD},
      {"AddDifferentCurrencies", add, q(100, "USD"), q(100, "CNY"), ArithmeticError::CurrencyMismatch, 0, {}},
      {"SubtractDifferentCurrencyRates", subtract, q(1, "USD/h"), q(1, "CNY/h"), ArithmeticError::CurrencyMismatch,
       0, {}},
      {"AddOverflow", add, kMax, kMax, ArithmeticError::Overflow, 0, Dimension::none()},
      {"MultiplyPowerByDuration", multiply, q(700, "W"), q(2, "h"), ArithmeticError::None, 700 * 7200.0, energy},
      {"MultiplyMoneyByNumberKeepsCurrency", multiply, q(2.5, "USD"), Quantity::number(4), ArithmeticError::None,
       10.0, Dimension::money_amount(), Currency::USD},
      {"MultiplyNumberByMoneyKeepsCurrency", multiply, Quantity::number(3), q(1000, "CNY"), ArithmeticError::None,
       3000.0, Dimension::money_amount(), Currency::CNY},
      {"MultiplyRateByDurationIsMoney", multiply, q(32.77, "USD/h"), q(10, "h"), ArithmeticError::None, 327.7,
       Dimension::money_amount(), Currency::USD},
      {"MultiplyEnergyByPriceIsMoney", multiply, q(1000, "kWh"), q(0.8, "CNY/kWh"), ArithmeticError::None, 800.0,
       Dimension::money_amount(), Currency::CNY},
      {"MultiplyDifferentCurrencies", multiply, q(2, "USD"), q(2, "CNY"), ArithmeticError::CurrencyMismatch, 0, {}},
      {"MultiplyOverflow", multiply, q(1e200, "W"), q(1e200, "h"), ArithmeticError::Overflow, 0, energy},
      {"DivideBytesByBandwidthIsDuration", divide, q(80, "GB"), q(2, "GB/s"), ArithmeticError::None, 40.0,
       Dimension::duration()},
      {"DivideSameCurrencyIsDimensionless", divide, q(300, "USD"), q(100, "USD"), ArithmeticError::None, 3.0,
       Dimension::none()},
      {"DivideMoneyByDurationIsRate", divide, q(730, "USD"), q(1, "month"), ArithmeticError::None, 730.0 / 2628000,
       Dimension::money_rate(), Currency::USD},
      {"DivideDifferentCurrencies", divide, q(300, "USD"), q(100, "CNY"), ArithmeticError::CurrencyMismatch, 0, {}},
      {"DivideByZero", divide, q(1, "GB"), q(0, "GB/s"), ArithmeticError::DivisionByZero, 0, Dimension::duration()},
      {"DivideZeroByZero", divide, Quantity::number(0), Quantity::number(0), ArithmeticError::DivisionByZero, 0,
       Dimension::none()},
      {"DivideOverflow", divide, q(1e300, "W"), Quantity::number(1e-300), ArithmeticError::Overflow, 0,
       Dimension::power()},
  };
}

class BinaryOperationTest : public testing::TestWithParam<BinaryCase> {};

TEST_P(BinaryOperationTest, ValueDimensionCurrencyOrError) {
  const BinaryCase& c = GetParam();
  const ArithmeticResult result = c.operation(c.a, c.b);
  EXPECT_EQ(result.error, c.error);
  EXPECT_TRUE(std::isfinite(result.value.value));
  if (c.error == ArithmeticError::None) {
    EXPECT_NEAR(result.value.value, c.value, 1e-12 * std::fabs(c.value));
  }
  if (c.error == ArithmeticError::None || c.error == ArithmeticError::Overflow ||
      c.error == ArithmeticError::DivisionByZero) {
    EXPECT_EQ(result.value.dimension, c.dimension) << dimension_name(result.value.dimension);
    EXPECT_EQ(result.value.currency, c.currency);
  }
}

INSTANTIATE_TEST_SUITE_P(Arithmetic, BinaryOperationTest, testing::ValuesIn(binary_cases()),
                         [](const testing::TestParamInfo<BinaryCase>& info) { return std::string(info.param.name); });

TEST(Compare, OrdersEqualDimensions) {
  EXPECT_EQ(compare(q(1, "TB"), q(1000, "GB")), 0);
  EXPECT_EQ(compare(q(1, "TiB"), q(1, "TB")), 1);
  EXPECT_EQ(compare(q(80, "GB"), q(80, "GiB")), -1);
  EXPECT_EQ(compare(q(1, "year"), q(12, "months")), 0);
  EXPECT_EQ(compare(q(1, "week"), q(168, "h")), 0);
  EXPECT_EQ(compare(q(730, "USD/month"), q(1, "USD/h")), 0);
  EXPECT_EQ(compare(q(4800, "MT/s"), q(4.8, "GT/s")), 0);
}

TEST(Compare, NulloptOnDimensionOrCurrencyMismatch) {
  EXPECT_EQ(compare(q(2000, "W"), q(1, "GB")), std::nullopt);
  EXPECT_EQ(compare(q(1, "GB"), q(1, "GB/s")), std::nullopt);
  EXPECT_EQ(compare(q(1, "USD"), q(1, "CNY")), std::nullopt);
  EXPECT_EQ(compare(q(1, "USD/h"), q(1, "USD")), std::nullopt);
}

TEST(Currency, IgnoredWhenTheDimensionHasNoMoney) {
  // A stray currency on a non-money quantity must not make equal quantities differ.
  const Quantity stray{5e9, Dimension::data(), Currency::USD};
  EXPECT_EQ(compare(stray, q(5, "GB")), 0);
  EXPECT_TRUE(add(stray, q(1, "GB")).ok());
  EXPECT_EQ(add(stray, q(1, "GB")).value.currency, Currency::None);
}

}  // namespace
}  // namespace gpuspec::units

// Decimal quantities read back as written in base units (4.1 GHz is 4.1e9 Hz, not
// 4099999999.9999995), while values that are exact in binary stay exact.
TEST(MakeQuantity, SnapsDecimalProductsButKeepsExactOnes) {
  using gpuspec::units::find_unit;
  using gpuspec::units::make_quantity;
  EXPECT_EQ(make_quantity(4.1, *find_unit("GHz")).value.value, 4100000000.0);
  EXPECT_EQ(make_quantity(2.1, *find_unit("GHz")).value.value, 2100000000.0);
  EXPECT_EQ(make_quantity(3.35, *find_unit("TB/s")).value.value, 3350000000000.0);
  EXPECT_EQ(make_quantity(1, *find_unit("PiB")).value.value, 1125899906842624.0);
  EXPECT_EQ(make_quantity(1152, *find_unit("GiB")).value.value, 1236950581248.0);
  EXPECT_EQ(make_quantity(0.1, *find_unit("kW")).value.value, 100.0);
}

// Whole numbers skip the text round trip; below 1e15 it could not change them, and
// at 1e15 and above the round trip still decides (a 16-digit product may be snapped).
TEST(MakeQuantity, WholeNumbersStayExactAroundTheShortcut) {
  using gpuspec::units::find_unit;
  using gpuspec::units::make_quantity;
  EXPECT_EQ(make_quantity(80, *find_unit("GB")).value.value, 80e9);
  EXPECT_EQ(make_quantity(999999999999999, *find_unit("W")).value.value, 999999999999999.0);
  EXPECT_EQ(make_quantity(-700, *find_unit("W")).value.value, -700.0);
  EXPECT_EQ(make_quantity(1e15, *find_unit("W")).value.value, 1e15);
  // 2^52 + 1 has 16 digits: the round trip snaps it to 15 (within 4 ulps), as before.
  EXPECT_EQ(make_quantity(4503599627370497.0, *find_unit("W")).value.value, 4503599627370500.0);
}
