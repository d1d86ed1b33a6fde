#include "backends/cost/price_age.h"

#include <fmt/format.h>

#include <charconv>

#include "units/quantity.h"

namespace gpuspec::cost {

namespace {

constexpr double kSecondsPerDay = 86400.0;
constexpr double kDaysPerMonth = 730.0 / 24.0;  // docs/language.md's month

}  // namespace

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

}  // namespace gpuspec::cost
