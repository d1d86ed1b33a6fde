// What format() prints must read back, through the unit table, as the same quantity
// (within the 4-significant-digit rounding of the printout).
#include <cctype>
#include <cmath>
#include <string>

#include <gtest/gtest.h>

#include "units/quantity.h"

namespace gpuspec::units {
namespace {

// Reads "<number> <unit>" the way a spec writes a quantity (a bare number is
// dimensionless). nullopt when the unit is not in the table.
std::optional<Quantity> read_back(const std::string& text) {
  const std::size_t space = text.rfind(' ');
  if (space == std::string::npos) return Quantity::number(std::stod(text));
  const Unit* unit = find_unit(std::string_view(text).substr(space + 1));
  if (unit == nullptr) return std::nullopt;
  const ArithmeticResult result = make_quantity(std::stod(text.substr(0, space)), *unit);
  if (!result.ok()) return std::nullopt;
  return result.value;
}

// Money prints with at most 2 decimals in its display unit (USD, USD/h, USD/kWh), so
// it may also be off by half a cent of that unit, in base units here.
double half_cent_in_base_units(const Quantity& quantity) {
  if (quantity.dimension == Dimension::money_amount()) return 0.005;
  if (quantity.dimension == Dimension::money_rate()) return 0.005 / 3600;
  if (quantity.dimension == Dimension::energy_price()) return 0.005 / 3.6e6;
  return 0;
}

void expect_round_trip(const Quantity& original) {
  const std::string text = format(original);
  const std::optional<Quantity> back = read_back(text);
  ASSERT_TRUE(back.has_value()) << "\"" << text << "\" does not read back";
  EXPECT_EQ(back->dimension, original.dimension) << text;
  EXPECT_EQ(back->currency, original.currency) << text;
  // 4 significant digits: the relative error is at most 5e-4.
  const double tolerance = std::fmax(5e-4 * std::fabs(original.value), half_cent_in_base_units(original));
  EXPECT_NEAR(back->value, original.value, tolerance) << text;
}

class EveryUnitRoundTrip : public testing::TestWithParam<std::string_view> {};

TEST_P(EveryUnitRoundTrip, FormatThenReadBack) {
  const Unit* unit = find_unit(GetParam());
  ASSERT_NE(unit, nullptr);
  for (double number : {1.0, 2.0, 80.0, 1234.5, 730.0, 123456.0}) {
    const ArithmeticResult made = make_quantity(number, *unit);
    ASSERT_TRUE(made.ok());
    SCOPED_TRACE(testing::Message() << number << ' ' << unit->symbol);
    expect_round_trip(made.value);
  }
}

INSTANTIATE_TEST_SUITE_P(AllUnits, EveryUnitRoundTrip, testing::ValuesIn(all_unit_symbols()),
                         [](const testing::TestParamInfo<std::string_view>& info) {
                           std::string name;
                           for (char c : info.param) name += std::isalnum(static_cast<unsigned char>(c)) ? c : '_';
                           return name;
                         });

TEST(RoundTrip, DimensionlessNumbers) {
  for (double number : {0.0, 8.0, 2.5, 0.6, 150000.0, 7e9, 1.5e6, 1234567.0, 1e-5, -3.0}) {
    SCOPED_TRACE(number);
    expect_round_trip(Quantity::number(number));
  }
}

}  // namespace
}  // namespace gpuspec::units
