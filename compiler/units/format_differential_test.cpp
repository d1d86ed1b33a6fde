// Differential test: the fast quantity formatter (`format` and the appending
// `format_to`) against the one it replaced (test/oracle/units_format_reference.h, copied verbatim),
// on millions of values for every dimension and ladder. Any single differing byte fails with the value printed
// exactly ("{:a}"), so a mismatch can be turned into a unit test.
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <random>
#include <stdexcept>
#include <vector>

#include <fmt/format.h>
#include <gtest/gtest.h>

#include "units/format_parts.h"
#include "units/number_format.h"
#include "oracle/units_format_reference.h"
#include "units/quantity.h"

namespace gpuspec::units {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

std::vector<double> with_neighbours_and_signs(const std::vector<double>& values) {
  std::vector<double> out;
  out.reserve(values.size() * 6);
  for (double v : values) {
    for (double x : {v, std::nextafter(v, kInf), std::nextafter(v, -kInf)}) {
      out.push_back(x);
      out.push_back(-x);
    }
  }
  return out;
}

// Values where rounding to 4 (or 2 decimal) digits is decided: powers of ten, rounding
// ties d.ddd5 * 10^k, 999.5-style carries, integers (exact ties such as 12345), binary
// multiples, money ties x.xx5, extremes and non-finite values.
std::vector<double> boundary_values() {
  std::vector<double> base = {0.0,
                              -0.0,
                              std::numeric_limits<double>::denorm_min(),
                              std::numeric_limits<double>::min(),
                              std::numeric_limits<double>::max(),
                              std::numeric_limits<double>::lowest(),
                              kInf,
                              -kInf,
                              std::numeric_limits<double>::quiet_NaN(),
                              999.5, 9.995, 999.96, 9999.5, 99995, 0.99995, 1e15, 1e6, 1e-4, 1e-6};
  for (int k = -320; k <= 308; ++k) base.push_back(std::pow(10.0, k));
  for (int k = -8; k <= 19; ++k) {
    const double scale = std::pow(10.0, k);
    for (int m = 10000; m < 100000; m += 35) base.push_back(m * scale * 1e-4);  // d.ddd5 and d.dddd0
  }
  for (int n = 0; n <= 20000; ++n) base.push_back(n);
  for (int p = 10; p <= 50; p += 10) {
    for (int n = 1; n <= 10000; ++n) base.push_back(std::ldexp(static_cast<double>(n), p));
  }
  for (int cents = 0; cents <= 40000; ++cents) base.push_back(cents / 200.0);  // x.xx5 ties
  for (double unit : {3600.0, 86400.0, 604800.0, 2628000.0, 31536000.0, 60.0, 3.6e6}) {
    for (int n = 1; n <= 2000; ++n) base.push_back(n * unit);
  }
  return with_neighbours_and_signs(base);
}

// The old formatter threw std::out_of_range from std::stod when rounding a subnormal
// number; the new one does not throw. Only values the old one formats are compared.
template <typename F>
bool old_throws(F&& f) {
  try {
    f();
    return false;
  } catch (const std::out_of_range&) {
    return true;
  }
}

// Random values: a uniform mantissa across every magnitude, and raw bit patterns.
std::vector<double> random_values(std::size_t count) {
  std::mt19937_64 random(12345);
  std::uniform_real_distribution<double> mantissa(1.0, 10.0);
  std::uniform_int_distribution<int> exponent(-30, 30);
  std::vector<double> out;
  out.reserve(count);
  while (out.size() < count) {
    const double v = mantissa(random) * std::pow(10.0, exponent(random));
    out.push_back(out.size() % 2 ? -v : v);
    std::uint64_t bits = random();
    double raw;
    std::memcpy(&raw, &bits, sizeof(raw));
    out.push_back(raw);
  }
  return out;
}

// Sanitizer builds run every formatting call ~20x slower; they keep every boundary value
// and a tenth of the random ones, so the suite stays within its time.
#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define GPUSPEC_FORMAT_TEST_SANITIZED 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__)
#define GPUSPEC_FORMAT_TEST_SANITIZED 1
#endif
#ifdef GPUSPEC_FORMAT_TEST_SANITIZED
constexpr std::size_t kRandomValues = 40000;
#else
constexpr std::size_t kRandomValues = 400000;
#endif

const std::vector<double>& all_values() {
  static const std::vector<double> values = [] {
    std::vector<double> v = boundary_values();
    std::vector<double> r = random_values(kRandomValues);
    v.insert(v.end(), r.begin(), r.end());
    return v;
  }();
  return values;
}

struct DimensionCase {
  const char* name;
  Dimension dimension;
  Currency currency;
};

const DimensionCase kDimensions[] = {
    {"none", Dimension::none(), Currency::None},
    {"bytes", Dimension::data(), Currency::None},
    {"bandwidth", Dimension::bandwidth(), Currency::None},
    {"power", Dimension::power(), Currency::None},
    {"frequency", Dimension::frequency(), Currency::None},
    {"compute", Dimension::compute(), Currency::None},
    {"transfer_rate", Dimension::transfer_rate(), Currency::None},
    {"temperature", Dimension::temperature(), Currency::None},
    {"energy", Dimension::energy(), Currency::None},
    {"duration", Dimension::duration(), Currency::None},
    {"money_usd", Dimension::money_amount(), Currency::USD},
    {"money_cny", Dimension::money_amount(), Currency::CNY},
    {"money_none", Dimension::money_amount(), Currency::None},
    {"money_rate", Dimension::money_rate(), Currency::USD},
    {"energy_price", Dimension::energy_price(), Currency::CNY},
    {"bytes_seconds", Dimension{.bytes = 1, .seconds = 1}, Currency::None},
    {"per_byte_money", Dimension{.bytes = -1, .money = 1}, Currency::USD},
};

TEST(FormatDifferential, EveryDimensionMatchesTheOldFormatter) {
  const std::vector<double>& values = all_values();
  // Every 4th value per dimension keeps the test to a few seconds: still millions.
  constexpr std::size_t kStride = 4;
  ASSERT_GT(values.size() / kStride * std::size(kDimensions), 2'000'000u);
  std::string appended;
  for (const DimensionCase& d : kDimensions) {
    std::size_t mismatches = 0;
    for (std::size_t i = 0; i < values.size(); i += kStride) {
      const double v = values[i];
      const Quantity q{v, d.dimension, d.currency};
      std::string before;
      if (old_throws([&] { before = old_impl::format(q); })) continue;
      const std::string now = format(q);
      if (now != before && ++mismatches <= 5) {
        ADD_FAILURE() << d.name << " " << fmt::format("{:a} ({})", v, v) << ": new \"" << now << "\", old \""
                      << before << "\"";
      }
      // The appending overload writes the same text after whatever the caller built.
      appended.assign("limit ");
      format_to(appended, q);
      if (appended.compare(6, std::string::npos, before) != 0 && ++mismatches <= 5) {
        ADD_FAILURE() << d.name << " " << fmt::format("{:a} ({})", v, v) << ": format_to \"" << appended
                      << "\", old \"" << before << "\"";
      }
    }
    EXPECT_EQ(mismatches, 0u) << d.name;
  }
}

TEST(FormatDifferential, NumberHelpersMatchTheOldOnes) {
  const std::vector<double>& values = all_values();
  std::size_t mismatches = 0;
  auto report = [&](double v, int digits, const std::string& what) {
    if (++mismatches <= 10) ADD_FAILURE() << what << " " << fmt::format("{:a} ({}) digits {}", v, v, digits);
  };
  for (double v : values) {
    for (int digits : {1, 2, 4, 15}) {
      double before = 0;
      if (old_throws([&] { before = old_impl::detail::round_to_significant(v, digits); })) continue;
      const double now = detail::round_to_significant(v, digits);
      if (std::memcmp(&now, &before, sizeof(now)) != 0) report(v, digits, "round_to_significant");
      if (!std::isfinite(v)) continue;
      const auto new_parts = detail::significant_digits(v, digits);
      const auto old_parts = old_impl::detail::significant_digits(v, digits);
      if (new_parts.negative != old_parts.negative || new_parts.digits != old_parts.digits ||
          new_parts.exponent != old_parts.exponent ||
          detail::significant_digit_count(v, digits) != static_cast<int>(old_parts.digits.size())) {
        report(v, digits, "significant_digits");
      }
    }
    if (detail::format_significant(v, 4) != old_impl::detail::format_significant(v, 4) ||
        detail::format_significant(v, 4, -4, 5) != old_impl::detail::format_significant(v, 4, -4, 5)) {
      report(v, 4, "format_significant");
    }
    if (detail::format_money_amount(v) != old_impl::detail::format_money_amount(v)) report(v, 2, "money");
  }
  EXPECT_EQ(mismatches, 0u);
}

}  // namespace
}  // namespace gpuspec::units
