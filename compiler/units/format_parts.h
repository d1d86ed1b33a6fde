// Per-dimension pieces of `format(Quantity)` (internal to units/).
#pragma once

#include <span>
#include <string>
#include <string_view>

namespace gpuspec::units::detail {

// One rung of a display ladder: a unit symbol and its factor in base units.
struct Scale {
  std::string_view symbol;
  double factor;
};

// Picks the largest rung the value (rounded to 4 significant digits) reaches, the
// smallest rung when it reaches none, and prints "<number> <symbol>". `ladder` is in
// increasing factor order.
std::string format_on_ladder(double value, std::span<const Scale> ladder);

// Bytes: decimal units unless a binary unit reads strictly better (see format.cpp).
std::string format_bytes(double bytes);

// Durations in seconds: whole years / months / weeks / days / hours when they fit,
// otherwise 4 significant digits in the largest sensible unit (see duration_format.cpp).
std::string format_duration(double seconds);

}  // namespace gpuspec::units::detail
