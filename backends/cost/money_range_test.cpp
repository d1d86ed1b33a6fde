// Range arithmetic against values worked out by hand (the comment on each row shows
// the working), never against the code's own output.
#include "backends/cost/money_range.h"

#include <gtest/gtest.h>

#include <optional>
#include <ostream>

namespace gpuspec::cost {
namespace {

// gtest names each table row by its parameter: print the ranges, not the bytes.
std::ostream& operator<<(std::ostream& os, const MoneyRange& r) { return os << r.low << ".." << r.high; }

struct SumCase {
  MoneyRange a, b, sum, difference;
};

void PrintTo(const SumCase& c, std::ostream* os) { *os << c.a << " and " << c.b; }

class MoneyRangeSum : public ::testing::TestWithParam<SumCase> {};

TEST_P(MoneyRangeSum, AddsEndsAndSubtractsFarEnds) {
  const SumCase& c = GetParam();
  EXPECT_EQ(c.a + c.b, c.sum);
  EXPECT_EQ(c.a - c.b, c.difference);
}

INSTANTIATE_TEST_SUITE_P(
    Table, MoneyRangeSum,
    ::testing::Values(
        // points: 3089 + 1599 = 4688; 3089 - 1599 = 1490
        SumCase{{3089, 3089}, {1599, 1599}, {4688, 4688}, {1490, 1490}},
        // a point and a range: 100 + [12000, 15000] = [12100, 15100]; 100 - [12000, 15000] = [-14900, -11900]
        SumCase{{100, 100}, {12000, 15000}, {12100, 15100}, {-14900, -11900}},
        // two ranges: [10, 20] + [1, 4] = [11, 24]; [10, 20] - [1, 4] = [10 - 4, 20 - 1] = [6, 19]
        SumCase{{10, 20}, {1, 4}, {11, 24}, {6, 19}},
        // zero is neutral: [0, 0] + [5, 7] = [5, 7]; [0, 0] - [5, 7] = [-7, -5]
        SumCase{{0, 0}, {5, 7}, {5, 7}, {-7, -5}}));

struct ScaleCase {
  MoneyRange a;
  double factor;
  MoneyRange scaled;
};

void PrintTo(const ScaleCase& c, std::ostream* os) { *os << c.a << " x " << c.factor; }

class MoneyRangeScale : public ::testing::TestWithParam<ScaleCase> {};

TEST_P(MoneyRangeScale, ScalesBothEnds) {
  const ScaleCase& c = GetParam();
  EXPECT_EQ(c.a * c.factor, c.scaled);
}

INSTANTIATE_TEST_SUITE_P(Table, MoneyRangeScale,
                         ::testing::Values(
                             // 8 GPUs at 12,000 .. 15,000: 96,000 .. 120,000
                             ScaleCase{{12000, 15000}, 8, {96000, 120000}},
                             // 36 months of 250 .. 300 a month: 9,000 .. 10,800
                             ScaleCase{{250, 300}, 36, {9000, 10800}},
                             // converted at 0.5: 10 .. 20 -> 5 .. 10
                             ScaleCase{{10, 20}, 0.5, {5, 10}},
                             // nothing of it: 0 .. 0
                             ScaleCase{{10, 20}, 0, {0, 0}}));

struct BreakevenCase {
  const char* what;
  Bounded capex, onprem, cloud;
  std::optional<double> low, high;
  bool never;
};

void PrintTo(const BreakevenCase& c, std::ostream* os) { *os << c.what; }

class BreakevenTable : public ::testing::TestWithParam<BreakevenCase> {};

TEST_P(BreakevenTable, SpansEveryValueTheRangesAllow) {
  const BreakevenCase& c = GetParam();
  BreakevenRange r = breakeven_range(c.capex, c.onprem, c.cloud);
  EXPECT_EQ(r.never, c.never) << c.what;
  ASSERT_EQ(r.low.has_value(), c.low.has_value()) << c.what;
  ASSERT_EQ(r.high.has_value(), c.high.has_value()) << c.what;
  if (c.low) {
    EXPECT_DOUBLE_EQ(*r.low, *c.low) << c.what;
  }
  if (c.high) {
    EXPECT_DOUBLE_EQ(*r.high, *c.high) << c.what;
  }
}

const Bounded kCapexPoint{{120000, 120000}, false};

INSTANTIATE_TEST_SUITE_P(
    Table, BreakevenTable,
    ::testing::Values(
        // 120,000 / (11,000 - 1,000) = 12 months, exactly.
        BreakevenCase{"points", kCapexPoint, {{1000, 1000}, false}, {{11000, 11000}, false}, 12.0, 12.0, false},
        // capex 100,000 .. 150,000, saving 11,000 - 1,000 = 10,000: 10 .. 15 months.
        BreakevenCase{"capex range", {{100000, 150000}, false}, {{1000, 1000}, false}, {{11000, 11000}, false}, 10.0,
                      15.0, false},
        // cloud 9,000 .. 13,000, owning 1,000: saving 8,000 .. 12,000; 120,000 / 12,000 = 10 and / 8,000 = 15.
        BreakevenCase{"cloud range", kCapexPoint, {{1000, 1000}, false}, {{9000, 13000}, false}, 10.0, 15.0, false},
        // owning 500 .. 1,500 against 11,000: saving 9,500 .. 10,500; 120,000 / 10,500 = 11.428571..., / 9,500 = 12.631578...
        BreakevenCase{"electricity range", kCapexPoint, {{500, 1500}, false}, {{11000, 11000}, false},
                      120000.0 / 10500.0, 120000.0 / 9500.0, false},
        // the cloud 500 .. 3,000 against owning 1,000: saving -500 .. 2,000; earliest 120,000 / 2,000 = 60, may never cross.
        BreakevenCase{"may never cross", kCapexPoint, {{1000, 1000}, false}, {{500, 3000}, false}, 60.0, std::nullopt,
                      false},
        // the cloud 800 .. 1,000 against owning 1,000 .. 1,200: the cloud is never dearer.
        BreakevenCase{"never", kCapexPoint, {{1000, 1200}, false}, {{800, 1000}, false}, std::nullopt, std::nullopt,
                      true},
        // capex open above (an unpriced part): at least 120,000 / 10,000 = 12 months, no latest month.
        BreakevenCase{"capex lower bound", {{120000, 120000}, true}, {{1000, 1000}, false}, {{11000, 11000}, false},
                      12.0, std::nullopt, false},
        // the cloud open above (an unpriced volume): at most 120,000 / 10,000 = 12 months, no earliest.
        BreakevenCase{"cloud lower bound", kCapexPoint, {{1000, 1000}, false}, {{11000, 11000}, true}, std::nullopt,
                      12.0, false},
        // both sides open: nothing is known.
        BreakevenCase{"both lower bounds", {{120000, 120000}, true}, {{1000, 1000}, true}, {{11000, 11000}, true},
                      std::nullopt, std::nullopt, false},
        // owning open above against a cloud no dearer than its priced electricity: never.
        BreakevenCase{"never, on the priced electricity alone", kCapexPoint, {{2000, 2000}, true},
                      {{1500, 1500}, false}, std::nullopt, std::nullopt, true}));

struct OrderCase {
  const char* what;
  Bounded a, b;
  int surely;          // surely_cheaper(a, b)
  bool a_both_ends;    // cheaper_at_both_ends(a, b)
  bool b_both_ends;    // cheaper_at_both_ends(b, a)
};

void PrintTo(const OrderCase& c, std::ostream* os) { *os << c.what; }

class OrderTable : public ::testing::TestWithParam<OrderCase> {};

TEST_P(OrderTable, DecidesOnlyWhatTheRangesDecide) {
  const OrderCase& c = GetParam();
  EXPECT_EQ(surely_cheaper(c.a, c.b), c.surely) << c.what;
  EXPECT_EQ(cheaper_at_both_ends(c.a, c.b), c.a_both_ends) << c.what;
  EXPECT_EQ(cheaper_at_both_ends(c.b, c.a), c.b_both_ends) << c.what;
}

INSTANTIATE_TEST_SUITE_P(
    Table, OrderTable,
    ::testing::Values(
        // 10 < 20: cheaper for sure and at both ends.
        OrderCase{"points", {{10, 10}, false}, {{20, 20}, false}, -1, true, false},
        // equal points: neither.
        OrderCase{"equal points", {{10, 10}, false}, {{10, 10}, false}, 0, false, false},
        // [10, 20] against [12, 25]: they overlap (20 > 12), yet 10 < 12 and 20 < 25.
        OrderCase{"overlapping, lower at both ends", {{10, 20}, false}, {{12, 25}, false}, 0, true, false},
        // [10, 30] against [12, 20]: 10 < 12 but 30 > 20: a tie.
        OrderCase{"one range inside the other", {{10, 30}, false}, {{12, 20}, false}, 0, false, false},
        // [10, 11] against [12, 13]: apart, so decided.
        OrderCase{"disjoint", {{10, 11}, false}, {{12, 13}, false}, -1, true, false},
        // [10, 11] open above against [12, 13]: anything from 10 up, so neither order holds at both ends.
        OrderCase{"open above", {{10, 11}, true}, {{12, 13}, false}, 0, false, false},
        // [20, 20] open above against [12, 13]: at least 20 > 13, so b is cheaper for sure.
        OrderCase{"open above, already dearer", {{20, 20}, true}, {{12, 13}, false}, 1, false, true}));

}  // namespace
}  // namespace gpuspec::cost
