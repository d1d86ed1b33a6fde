#include "backends/cost/quote.h"

#include <gtest/gtest.h>

#include "backends/cost/price_book.h"

namespace gpuspec::cost {
namespace {

TEST(Breakeven, IsWhereTheCumulativeCurvesCross) {
  // capex 120,000 + 1,000/month against 11,000/month: they meet at 12 months.
  auto m = breakeven_months(120000, 1000, 11000);
  ASSERT_TRUE(m.has_value());
  EXPECT_DOUBLE_EQ(*m, 12.0);
  EXPECT_DOUBLE_EQ(120000 + 1000 * *m, 11000 * *m);
}

TEST(Breakeven, NoneWhenTheCloudIsNeverDearer) {
  EXPECT_FALSE(breakeven_months(1000, 500, 500).has_value());
  EXPECT_FALSE(breakeven_months(1000, 500, 100).has_value());
}

TEST(Money, FormatsWithSeparatorsAndTwoDecimals) {
  EXPECT_EQ(format_money(1234567.891, units::Currency::CNY), "1,234,567.89 CNY");
  EXPECT_EQ(format_money(999.5, units::Currency::USD), "999.50 USD");
  EXPECT_EQ(format_money(-0.001, units::Currency::None), "0.00");
  EXPECT_EQ(plain_money(12999), "12999.00");
}

TEST(PriceBook, ConvertsOnlyThroughADatedRate) {
  PriceBook book;
  units::Quantity usd{1599, units::Dimension::money_amount(), units::Currency::USD};
  EXPECT_FALSE(book.convert(usd, units::Currency::CNY).has_value());  // empty book: no rate, no guess
  auto same = book.convert(usd, units::Currency::USD);
  ASSERT_TRUE(same.has_value());
  EXPECT_EQ(same->describe(), "");
}

}  // namespace
}  // namespace gpuspec::cost
