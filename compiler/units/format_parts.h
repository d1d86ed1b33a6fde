// Per-dimension pieces of `format(Quantity)` (internal to units/).
#pragma once

#include <span>
#include <string>
#include <string_view>

#include "units/number_format.h"
#include "units/quantity.h"

namespace gpuspec::units::detail {

// A quantity's text in pieces, "<number> <unit><suffix>": the number in a stack buffer
// and the unit and suffix as views of static tables, so `format` and `format_to` copy
// each piece once into their string and make no temporaries.
struct QuantityText {
  NumberText number;
  bool has_unit = true;        // false for plain numbers: no space, no unit
  std::string_view unit;
  std::string_view suffix;     // "/h", "/kWh" after a currency
  std::string computed_unit;   // holds `unit` when it is built (product dimensions)

  std::size_t size() const { return number.size + (has_unit ? 1 + unit.size() + suffix.size() : 0); }
  void append_to(std::string& out) const {
    out.append(number.chars, number.size);
    if (!has_unit) return;
    out += ' ';
    out += unit;
    out += suffix;
  }
};

// One rung of a display ladder: a unit symbol and its factor in base units.
struct Scale {
  std::string_view symbol;
  double factor;
};

// Picks the largest rung the value (rounded to 4 significant digits) reaches, the
// smallest rung when it reaches none, and writes "<number> <symbol>". `ladder` is in
// increasing factor order.
void ladder_text(double value, std::span<const Scale> ladder, QuantityText& text);

// Bytes: decimal units unless a binary unit reads strictly better (see format.cpp).
void bytes_text(double bytes, QuantityText& text);

// Durations in seconds: whole years / months / weeks / days / hours when they fit,
// otherwise 4 significant digits in the largest sensible unit (see duration_format.cpp).
void duration_text(double seconds, QuantityText& text);

// The whole quantity: what `format` and `format_to` copy out.
void quantity_text(const Quantity& quantity, QuantityText& text);

}  // namespace gpuspec::units::detail
