// Durations print the way people write them in specs and quotes:
//  1. a whole number (below 10000) of years, months or weeks wins, largest first:
//     "2 years", "18 months", "2 weeks";
//  2. then whole days, but only from 7 days up: "10 days" (shorter spans read better
//     in hours, the unit cloud billing uses);
//  3. then whole hours ("72 h"), whole minutes below an hour ("30 min"), whole
//     seconds below a minute ("45 s");
//  4. anything else gets 4 significant digits in the largest unit it reaches:
//     years, months, days (from 7 days), h, min, s: "1.142 years", "1.5 h".
// Month = 730 h and year = 8760 h as in docs/language.md; 1 takes the singular ("1 month").
#include <array>
#include <cmath>
#include <string_view>

#include "units/format_parts.h"
#include "units/number_format.h"

namespace gpuspec::units::detail {
namespace {

constexpr double kMinute = 60;
constexpr double kHour = 3600;
constexpr double kDay = 24 * kHour;
constexpr double kWeek = 7 * kDay;
constexpr double kMonth = 730 * kHour;
constexpr double kYear = 8760 * kHour;

struct DurationUnit {
  std::string_view plural;
  std::string_view singular;
  double factor;
  double min_whole;  // smallest count printed by the whole-number rules
  double max_whole;  // whole counts from here on fall through to the next rule
};

constexpr double kMaxWhole = 10000;  // at most 4 digits, like every other quantity

// Largest first: the whole-number rules try them in this order.
constexpr auto kWholeUnits = std::to_array<DurationUnit>({
    {"years", "year", kYear, 1, kMaxWhole},
    {"months", "month", kMonth, 1, kMaxWhole},
    {"weeks", "week", kWeek, 1, kMaxWhole},
    {"days", "day", kDay, 7, kMaxWhole},
    {"h", "h", kHour, 1, kMaxWhole},
    {"min", "min", kMinute, 1, 60},
    {"s", "s", 1, 1, 60},
});

// Largest first: the 4-significant-digit fallback takes the first one reached.
constexpr auto kFallbackUnits = std::to_array<DurationUnit>({
    {"years", "year", kYear, 1, 0},
    {"months", "month", kMonth, 1, 0},
    {"days", "day", kDay, 7, 0},
    {"h", "h", kHour, 1, 0},
    {"min", "min", kMinute, 1, 0},
    {"s", "s", 1, 0, 0},
});

void write_count(double count, const DurationUnit& unit, QuantityText& text) {
  write_significant(text.number, count, 4);
  const std::string_view number = text.number.view();
  const bool one = number == "1" || number == "-1";
  text.unit = one ? unit.singular : unit.plural;
}

}  // namespace

void duration_text(double seconds, QuantityText& text) {
  const double magnitude = std::fabs(seconds);
  if (magnitude == 0) {
    text.number.size = 0;
    text.number.chars[text.number.size++] = '0';
    text.unit = "s";
    return;
  }
  for (const DurationUnit& unit : kWholeUnits) {
    const double count = magnitude / unit.factor;
    if (count >= unit.min_whole && count < unit.max_whole && is_whole(count)) {
      return write_count(std::copysign(std::round(count), seconds), unit, text);
    }
  }
  for (const DurationUnit& unit : kFallbackUnits) {
    if (reaches_at_4_digits(magnitude / unit.factor, unit.min_whole)) {
      return write_count(seconds / unit.factor, unit, text);
    }
  }
  // Only NaN gets here: the last fallback unit accepts every other value.
  write_count(seconds, kFallbackUnits.back(), text);
}

}  // namespace gpuspec::units::detail
