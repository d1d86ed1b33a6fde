#include "backends/cost/quote.h"

#include <gtest/gtest.h>

#include "backends/cost/compare.h"
#include "backends/cost/price_book.h"
#include "backends/cost/quote_diff.h"
#include "backends/cost/total.h"

namespace gpuspec::cost {
namespace {

TEST(Money, FormatsWithSeparatorsAndTwoDecimals) {
  EXPECT_EQ(format_money(1234567.891, units::Currency::CNY), "1,234,567.89 CNY");
  EXPECT_EQ(format_money(999.5, units::Currency::USD), "999.50 USD");
  EXPECT_EQ(format_money(-0.001, units::Currency::None), "0.00");
  EXPECT_EQ(plain_money(12999), "12999.00");
  EXPECT_EQ(format_money_range({12000, 15000}, units::Currency::USD), "12,000.00 .. 15,000.00 USD");
  EXPECT_EQ(format_money_range({3089, 3089}, units::Currency::USD), "3,089.00 USD");
}

// Past 1.8e306 the cent rounding overflowed to "inf" and the grouping cut it at a '.'
// it did not hold: quote text/md/html and bom md died with "basic_string::substr".
TEST(Money, FormatsTheLargestFiniteAmounts) {
  std::string huge = format_money(1e308, units::Currency::CNY);
  EXPECT_EQ(huge.substr(0, 4), "100,");
  EXPECT_EQ(huge.substr(huge.size() - 7), ".00 CNY");
  EXPECT_EQ(format_money(-1.7976931348623157e308, units::Currency::None).substr(0, 4), "-179");
  EXPECT_EQ(plain_money(1e15), "1000000000000000.00");
}

TEST(PriceBook, ConvertsOnlyThroughADatedRate) {
  PriceBook book;
  units::Quantity usd{1599, units::Dimension::money_amount(), units::Currency::USD};
  EXPECT_FALSE(book.convert(usd, units::Currency::CNY).has_value());  // empty book: no rate, no guess
  auto same = book.convert(usd, units::Currency::USD);
  ASSERT_TRUE(same.has_value());
  EXPECT_EQ(same->describe(), "");
}

TEST(PriceBook, ARateOverrideIsParsedAndNamedAsTheUsers) {
  std::string error;
  auto rate = parse_rate_override("USD/CNY=7.2", error);
  ASSERT_TRUE(rate.has_value()) << error;
  PriceBook book;
  book.add_rate_override(*rate);
  units::Quantity cny{720, units::Dimension::money_amount(), units::Currency::CNY};
  auto usd = book.convert(cny, units::Currency::USD);
  ASSERT_TRUE(usd.has_value());
  EXPECT_DOUBLE_EQ(usd->value.value, 100);
  EXPECT_EQ(usd->describe(), "user rate 0.138889 CNY->USD (--rate USD/CNY=7.2)");
  for (const char* bad : {"USD/CNY", "USD/CNY=", "USD/CNY=-1", "USD/CNY=7x", "USD/USD=1", "EUR/CNY=7", "USDCNY=7"}) {
    EXPECT_FALSE(parse_rate_override(bad, error).has_value()) << bad;
  }
}

TEST(PriceKinds, ANewBuildNeverTakesAStdlibUsedPriceOrARentalRate) {
  for (const char* kind : {"list", "street", "distributor_report", "configurator", "estimate", "quote"}) {
    EXPECT_TRUE(kind_serves(kind, false, PriceUse::Capex)) << kind;
  }
  EXPECT_FALSE(kind_serves("used", false, PriceUse::Capex));
  EXPECT_TRUE(kind_serves("used", true, PriceUse::Capex));  // the user's own book says so
  EXPECT_FALSE(kind_serves("on_demand", true, PriceUse::Capex));
  EXPECT_TRUE(kind_serves("on_demand", false, PriceUse::Instance));
  EXPECT_FALSE(kind_serves("reserved_1y", false, PriceUse::Instance));
  EXPECT_TRUE(kind_serves("reserved_1y", false, PriceUse::Instance, "reserved_1y"));
  EXPECT_FALSE(kind_serves("spot", true, PriceUse::Volume));
}

TEST(Dates, DaysBetweenCalendarDays) {
  EXPECT_EQ(days_between("2026-01-01", "2027-01-01"), 365);
  EXPECT_EQ(days_between("2024-02-28", "2024-03-01"), 2);  // a leap year
  EXPECT_EQ(days_between("2026-12-01", "2026-11-30"), -1);
  EXPECT_FALSE(days_between("2026-02-30", "2026-03-01").has_value());
  EXPECT_FALSE(days_between("yesterday", "2026-03-01").has_value());
}

TEST(Total, ALowerBoundNamesWhatIsUnpricedOnce) {
  Total t;
  t.add(100);
  t.missing("a");
  t.missing("b");
  t.missing("a");
  EXPECT_TRUE(t.lower_bound());
  EXPECT_EQ(describe_total(t, units::Currency::CNY, "part"), "at least 100.00 CNY (2 parts unpriced: a, b)");
  Total exact;
  exact.add(5);
  EXPECT_EQ(describe_total(exact, units::Currency::USD), "5.00 USD");
  // 8 GPUs at 12,000 .. 15,000 and a 3,000 chassis: 99,000 .. 123,000.
  Total range;
  range.add(MoneyRange{12000, 15000} * 8);
  range.add(3000);
  EXPECT_EQ(describe_total(range, units::Currency::USD), "99,000.00 .. 123,000.00 USD");
  range.missing("a");
  EXPECT_EQ(describe_total(range, units::Currency::USD, "part"), "at least 99,000.00 .. 123,000.00 USD (1 part unpriced: a)");
}

// GPUs compared at peak (no step model): what they attain is their dense TFLOPS.
Capability at_peak(std::string gpu, double gpus, std::optional<double> tflops) {
  Capability c{gpu, gpus, tflops};
  c.throughput.gpu = gpu;
  c.throughput.gpus = gpus;
  if (tflops) c.throughput.per_gpu.flops = *tflops * 1e12;
  else c.throughput.per_gpu.unknown = "no dense BF16 figure";
  return c;
}

OnPremQuote server(MoneyRange capex, double monthly, bool capex_complete) {
  OnPremQuote s;
  s.bom.server = "s";
  s.bom.total.add(capex);
  if (!capex_complete) s.bom.total.missing("part");
  s.electricity_monthly.add(monthly);
  s.horizon_months = 36;
  s.capability = at_peak("gpu.x", 8, 100);
  return s;
}

CloudQuote cloud(double monthly, bool complete, Capability capability = at_peak("gpu.x", 8, 100)) {
  CloudQuote c;
  c.name = "c";
  c.instances_monthly.add(monthly);
  if (!complete) c.storage_monthly.missing("volume");
  c.capability = capability;
  return c;
}

TEST(Compare, BoundsGiveABoundOnTheBreakEvenOrNothing) {
  auto exact = compare(server(MoneyRange::point(120000), 1000, true), cloud(11000, true), true);
  ASSERT_TRUE(exact.breakeven_months.has_value());
  EXPECT_DOUBLE_EQ(*exact.breakeven_months, 12);
  EXPECT_EQ(exact.breakeven_bound, BoundKind::Exact);
  EXPECT_EQ(exact.cheaper, "on-premises");

  auto at_least = compare(server(MoneyRange::point(120000), 1000, false), cloud(11000, true), true);
  EXPECT_EQ(at_least.breakeven_bound, BoundKind::AtLeast);
  EXPECT_DOUBLE_EQ(*at_least.breakeven_months, 12);
  EXPECT_EQ(at_least.cheaper, "");  // the real capex may be anything above 120,000

  auto at_most = compare(server(MoneyRange::point(120000), 1000, true), cloud(11000, false), true);
  EXPECT_EQ(at_most.breakeven_bound, BoundKind::AtMost);
  EXPECT_EQ(at_most.cheaper, "on-premises");  // 156,000 against at least 396,000

  auto unknown = compare(server(MoneyRange::point(120000), 1000, false), cloud(11000, false), true);
  EXPECT_FALSE(unknown.breakeven_months.has_value());
  EXPECT_EQ(unknown.cheaper, "");

  // The cloud cheaper per month than the priced electricity alone: never, whatever is unpriced.
  auto never = compare(server(MoneyRange::point(120000), 1000, false), cloud(900, true), true);
  EXPECT_FALSE(never.breakeven_months.has_value());
  EXPECT_EQ(never.cheaper, "cloud");  // at least 156,000 on-premises against 32,400

  // A capex range 100,000 .. 150,000 against a saving of 10,000 a month: 10 .. 15 months.
  auto range = compare(server({100000, 150000}, 1000, true), cloud(11000, true), true);
  EXPECT_EQ(range.breakeven_bound, BoundKind::Exact);
  EXPECT_EQ(breakeven_text(range), "10.0 .. 15.0 months");
  EXPECT_EQ(breakeven_text(exact), "12.0 months");
  EXPECT_EQ(breakeven_text(at_least), "at least 12.0 months");
}

TEST(Compare, DifferentGpusScaleTheCloudHoursToTheSameWork) {
  // 8 x 100 TFLOPS on-premises; 4 x 50 TFLOPS per cloud option: the cloud needs 4 x the hours.
  auto cmp = compare(server(MoneyRange::point(0), 0, true), cloud(1000, true, at_peak("gpu.y", 4, 50)), true);
  EXPECT_DOUBLE_EQ(cmp.scale, 4);
  EXPECT_DOUBLE_EQ(cmp.cloud_monthly.low, 4000);
  EXPECT_NE(cmp.mismatch.find("8 x gpu.x"), std::string::npos);
  EXPECT_NE(cmp.normalisation.find("(= 800 / 200 dense BF16 TFLOPS)"), std::string::npos) << cmp.normalisation;
  auto unknown = compare(server(MoneyRange::point(0), 0, true), cloud(1000, true, at_peak("gpu.y", 4, std::nullopt)), true);
  EXPECT_DOUBLE_EQ(unknown.scale, 1);
  EXPECT_NE(unknown.normalisation.find("not normalised: gpu.y has no dense BF16 figure"), std::string::npos)
      << unknown.normalisation;
}

TEST(Compare, ABandwidthBoundStepScalesByWhatTheGpusAttain) {
  // The same step on both sides, memory bound on both: 10 FLOPs per byte on 8 GPUs of
  // 1 TB/s (10 TFLOPS each, far below their 100 TFLOPS peak) against 4 of 2 TB/s (20 each
  // of 50): 80 against 80 attained TFLOPS, so one cloud hour does one server hour, where
  // the peaks (800 / 200) said four.
  Capability own = at_peak("gpu.x", 8, 100), rented = at_peak("gpu.y", 4, 50);
  const StepWork step{1e12, 1e11, true};
  own.throughput.step = rented.throughput.step = step;
  own.throughput.roof = {100e12, 1e12};
  rented.throughput.roof = {50e12, 2e12};
  own.throughput.per_gpu = attainable(step, own.throughput.roof);
  rented.throughput.per_gpu = attainable(step, rented.throughput.roof);
  OnPremQuote s = server(MoneyRange::point(0), 0, true);
  s.capability = own;
  auto cmp = compare(s, cloud(1000, true, rented), true);
  EXPECT_DOUBLE_EQ(cmp.scale, 1);
  EXPECT_NE(cmp.normalisation.find("(= 80 / 80 TFLOPS attained on the workload's step, roofline: memory bandwidth bound on both)"),
            std::string::npos)
      << cmp.normalisation;
}

TEST(Gate, AppliesToEachOptionAndNamesIt) {
  OptionDiff d;
  d.kind = "server";
  d.before_name = d.after_name = "box";
  d.figures.push_back({"capex", Total{100000, 100000, {}}, Total{105600, 105600, {}}});
  OptionDiff c;
  c.kind = "cloud";
  c.before_name = c.after_name = "rent";
  c.figures.push_back({"total", Total{1000000, 1000000, {}}, Total{1000000, 1000000, {}}});
  auto pct = parse_threshold("5%");
  ASSERT_TRUE(pct.has_value());
  auto failures = apply_gate({d, c}, *pct, 0, units::Currency::CNY);
  ASSERT_EQ(failures.size(), 1u);
  EXPECT_EQ(failures[0].option, "server box");
  EXPECT_EQ(failures[0].why, "+5.60%, above 5%");
  // A lower-bound new figure over an exact old one still bounds the rise from below.
  d.figures[0].after = Total{120000, 120000, {"part"}};
  failures = apply_gate({d}, *pct, 0, units::Currency::CNY);
  ASSERT_EQ(failures.size(), 1u);
  EXPECT_EQ(failures[0].why, "at least +20.00%, above 5%");
  EXPECT_FALSE(parse_threshold("ten").has_value());
  EXPECT_FALSE(parse_threshold("5EUR").has_value());
  EXPECT_TRUE(parse_threshold("50000 CNY").has_value());
}

}  // namespace
}  // namespace gpuspec::cost
