// checked_integer: the only way a double becomes an integer.
#include "units/integral.h"

#include <gtest/gtest.h>

#include <cstdint>

namespace gpuspec::units {
namespace {

TEST(CheckedInteger, InRangeValuesTruncateTowardZero) {
  EXPECT_EQ(checked_integer<int>(3.9), 3);
  EXPECT_EQ(checked_integer<int>(-3.9), -3);
  EXPECT_EQ(checked_integer<int>(2147483647.0), 2147483647);
  EXPECT_EQ(checked_integer<int>(-2147483648.0), -2147483648);
  EXPECT_EQ(checked_integer<long long>(-9223372036854775808.0), std::numeric_limits<long long>::min());
  EXPECT_EQ(checked_integer<std::uint32_t>(-0.5), 0u);
}

TEST(CheckedInteger, OutOfRangeAndNonFiniteAreRefused) {
  EXPECT_FALSE(checked_integer<int>(3e9));
  EXPECT_FALSE(checked_integer<int>(2147483648.0));
  EXPECT_FALSE(checked_integer<int>(-2147483649.0));
  EXPECT_FALSE(checked_integer<long long>(9223372036854775808.0));
  EXPECT_FALSE(checked_integer<long long>(1e20));
  EXPECT_FALSE(checked_integer<std::uint32_t>(-1.0));
  EXPECT_FALSE(checked_integer<std::uint32_t>(4294967296.0));
  EXPECT_FALSE(checked_integer<int>(std::numeric_limits<double>::infinity()));
  EXPECT_FALSE(checked_integer<int>(std::numeric_limits<double>::quiet_NaN()));
}

TEST(IsExactInteger, WholeNumbersBelowTwoToThe53) {
  EXPECT_TRUE(is_exact_integer(0));
  EXPECT_TRUE(is_exact_integer(-12));
  EXPECT_TRUE(is_exact_integer(9007199254740991.0));
  EXPECT_FALSE(is_exact_integer(9007199254740992.0));
  EXPECT_FALSE(is_exact_integer(0.5));
  EXPECT_FALSE(is_exact_integer(1e300));
  EXPECT_FALSE(is_exact_integer(std::numeric_limits<double>::infinity()));
}

}  // namespace
}  // namespace gpuspec::units
