// How old a price is: a `--stale` limit such as "12mo" turned into days through the
// unit table (month = 730 h, year = 8760 h, as docs/language.md defines them), and a
// short human age ("14 d", "9 mo", "2.3 y"). The days between two dates are
// days_between (price_book.h), the one calendar arithmetic of the listing and quotes.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace gpuspec::cost {

// "12mo", "12 months", "1y", "90d", "2 weeks" -> days; nullopt for anything else
// (a negative or non-duration value included).
std::optional<double> parse_age_limit(std::string_view text);

std::string format_age(long days);

}  // namespace gpuspec::cost
