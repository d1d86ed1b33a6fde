#include "backends/cost/total.h"

#include <fmt/format.h>

#include "backends/cost/price_book.h"

namespace gpuspec::cost {

std::string unpriced_note(const Total& total, const std::string& noun) {
  if (!total.lower_bound()) return "";
  std::string list;
  for (const auto& u : total.unpriced) list += (list.empty() ? "" : ", ") + u;
  std::size_t n = total.unpriced.size();
  return fmt::format("({} {}{} unpriced: {})", n, noun, n == 1 ? "" : "s", list);
}

std::string describe_total(const Total& total, units::Currency currency, const std::string& noun) {
  if (!total.lower_bound()) return format_money_range(total.range(), currency);
  // "at least 0.00" would read as a price: with nothing priced, say so.
  if (total.high <= 0) return "no price " + unpriced_note(total, noun);
  return fmt::format("at least {} {}", format_money_range(total.range(), currency), unpriced_note(total, noun));
}

}  // namespace gpuspec::cost
