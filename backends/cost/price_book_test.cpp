// The one date rule (in_effect_order) that prices and exchange rates share: on a quote
// date the newest source in effect wins, then an undated one, then the oldest dated after
// it; with no date the newest wins, as before the rule.
#include <gtest/gtest.h>

#include "backends/cost/price_book.h"

namespace gpuspec::cost {
namespace {

PriceSource dated(std::string as_of) {
  PriceSource s;
  s.entry = "e" + as_of;
  s.as_of = std::move(as_of);
  return s;
}

TEST(InEffectOrder, NewestInEffectBeatsOlderAndLater) {
  auto old = dated("2023-01-01"), current = dated("2024-01-01"), later = dated("2025-01-01");
  EXPECT_GT(in_effect_order(current, old, "2024-06-30"), 0);
  EXPECT_GT(in_effect_order(current, later, "2024-06-30"), 0);
  EXPECT_GT(in_effect_order(old, later, "2024-06-30"), 0);
  // A source dated on the quote date is in effect.
  EXPECT_GT(in_effect_order(current, later, "2024-01-01"), 0);
}

TEST(InEffectOrder, OldestOfTheLaterOnesWhenNoneIsInEffect) {
  auto a = dated("2024-01-01"), b = dated("2025-01-01");
  EXPECT_GT(in_effect_order(a, b, "2023-06-30"), 0);
  EXPECT_LT(in_effect_order(b, a, "2023-06-30"), 0);
  EXPECT_TRUE(a.dated_after("2023-06-30"));
  EXPECT_FALSE(a.dated_after("2024-01-01"));
}

TEST(InEffectOrder, UndatedRanksBetweenInEffectAndLater) {
  auto undated = dated("undated"), later = dated("2025-01-01"), old = dated("2020-01-01");
  // It states no date, so it is not known to be in effect: any dated price in effect beats it...
  EXPECT_LT(in_effect_order(undated, old, "2023-06-30"), 0);
  // ...but it is not known to be later either: it beats a price dated after the quote date.
  EXPECT_GT(in_effect_order(undated, later, "2023-06-30"), 0);
  EXPECT_FALSE(undated.dated_after("2023-06-30"));
  // Without a quote date every dated price is in effect, so the undated one is last.
  EXPECT_LT(in_effect_order(undated, later, ""), 0);
}

TEST(InEffectOrder, WithoutADateTheNewestWins) {
  auto a = dated("2024-01-01"), b = dated("2025-01-01");
  EXPECT_GT(in_effect_order(b, a, ""), 0);
  EXPECT_FALSE(b.dated_after(""));
  EXPECT_EQ(in_effect_order(a, dated("2024-01-01"), "2023-01-01"), 0);
}

TEST(InEffectOrder, NoteNamesTheQuoteDate) {
  EXPECT_EQ(dated_after_note(""), "");
  EXPECT_EQ(dated_after_note("2024-04-14"),
            "priced from a source dated after 2024-04-14 (the quote date): no price of it was in effect then");
}

}  // namespace
}  // namespace gpuspec::cost
