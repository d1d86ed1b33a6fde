#include "driver/price_age.h"

#include <fmt/format.h>

#include <charconv>

#include "sema/value_check.h"
#include "units/quantity.h"

namespace gpuspec::driver {

namespace {

// Days since 1970-01-01 of a proleptic Gregorian date (H. Hinnant's days_from_civil).
long days_from_civil(long y, unsigned m, unsigned d) {
  y -= m <= 2;
  const long era = (y >= 0 ? y : y - 399) / 400;
  const unsigned yoe = static_cast<unsigned>(y - era * 400);
  const unsigned doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
  const unsigned doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
  return era * 146097 + static_cast<long>(doe) - 719468;
}

std::optional<long> day_number(std::string_view date) {
  if (!sema::is_calendar_date(std::string(date))) return std::nullopt;
  auto field = [&](size_t pos, size_t len) {
    long v = 0;
    std::from_chars(date.data() + pos, date.data() + pos + len, v);
    return v;
  };
  return days_from_civil(field(0, 4), static_cast<unsigned>(field(5, 2)), static_cast<unsigned>(field(8, 2)));
}

constexpr double kSecondsPerDay = 86400.0;
constexpr double kDaysPerMonth = 730.0 / 24.0;  // LANGUAGE.md's month

}  // namespace

std::optional<long> days_between(std::string_view from, std::string_view to) {
  auto a = day_number(from);
  auto b = day_number(to);
  if (!a || !b) return std::nullopt;
  return *b - *a;
}

std::optional<double> parse_age_limit(std::string_view text) {
  double number = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), number);
  if (ec != std::errc() || end == text.data() || !(number >= 0)) return std::nullopt;
  std::string_view unit(end, static_cast<size_t>(text.data() + text.size() - end));
  while (!unit.empty() && unit.front() == ' ') unit.remove_prefix(1);
  // Short forms people type on a command line; the long ones are the unit table's.
  if (unit == "d") unit = "days";
  else if (unit == "w") unit = "weeks";
  else if (unit == "mo") unit = "months";
  else if (unit == "y") unit = "years";
  const units::Unit* u = units::find_unit(unit);
  if (!u || !(u->dimension == units::Dimension::duration())) return std::nullopt;
  return number * u->factor / kSecondsPerDay;
}

std::string format_age(long days) {
  if (days < 0) return fmt::format("in {} d", -days);
  if (days < 31) return fmt::format("{} d", days);
  double months = days / kDaysPerMonth;
  if (months < 24) return fmt::format("{} mo", static_cast<long>(months));
  return fmt::format("{:.1f} y", days / 365.0);
}

}  // namespace gpuspec::driver
