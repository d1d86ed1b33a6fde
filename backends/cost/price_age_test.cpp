#include "backends/cost/price_age.h"
#include "backends/cost/price_book.h"

#include <gtest/gtest.h>

namespace gpuspec::cost {
namespace {

TEST(PriceAge, DaysBetweenCountsCalendarDaysAcrossLeapYears) {
  EXPECT_EQ(days_between("2024-02-28", "2024-03-01"), 2);  // 2024 is a leap year
  EXPECT_EQ(days_between("2023-02-28", "2023-03-01"), 1);
  EXPECT_EQ(days_between("2025-12-01", "2026-12-01"), 365);
  EXPECT_EQ(days_between("2026-12-01", "2025-12-01"), -365);
  EXPECT_EQ(days_between("2000-01-01", "2000-01-01"), 0);
}

TEST(PriceAge, DaysBetweenRejectsMalformedDates) {
  EXPECT_FALSE(days_between("2026-13-01", "2026-12-01"));
  EXPECT_FALSE(days_between("2026-02-30", "2026-12-01"));
  EXPECT_FALSE(days_between("yesterday", "2026-12-01"));
}

TEST(PriceAge, AgeLimitsUseTheUnitTable) {
  EXPECT_DOUBLE_EQ(*parse_age_limit("12mo"), 12 * 730.0 / 24.0);  // 365 days
  EXPECT_DOUBLE_EQ(*parse_age_limit("12 months"), 365.0);
  EXPECT_DOUBLE_EQ(*parse_age_limit("1y"), 365.0);
  EXPECT_DOUBLE_EQ(*parse_age_limit("90d"), 90.0);
  EXPECT_DOUBLE_EQ(*parse_age_limit("2 weeks"), 14.0);
  EXPECT_DOUBLE_EQ(*parse_age_limit("1.5years"), 547.5);
}

TEST(PriceAge, AgeLimitsRejectNonDurations) {
  EXPECT_FALSE(parse_age_limit(""));
  EXPECT_FALSE(parse_age_limit("12"));
  EXPECT_FALSE(parse_age_limit("12GB"));
  EXPECT_FALSE(parse_age_limit("-3mo"));
  EXPECT_FALSE(parse_age_limit("mo"));
  EXPECT_FALSE(parse_age_limit("12 parsecs"));
}

TEST(PriceAge, FormatsAgesInTheLargestReadableUnit) {
  EXPECT_EQ(format_age(0), "0 d");
  EXPECT_EQ(format_age(30), "30 d");
  EXPECT_EQ(format_age(61), "2 mo");
  EXPECT_EQ(format_age(700), "23 mo");
  EXPECT_EQ(format_age(1000), "2.7 y");
  EXPECT_EQ(format_age(-3), "in 3 d");
}

}  // namespace
}  // namespace gpuspec::cost
