// Small formatting helpers the BOM and quote renderers share.
#pragma once

#include <fmt/format.h>

#include <cmath>
#include <string>

#include "units/integral.h"
#include "units/quantity.h"

namespace gpuspec::cost::report_detail {

inline std::string code(units::Currency c) { return std::string(units::currency_code(c)); }

// A count or factor: "8", "0.7".
inline std::string num(double v) {
  if (units::is_exact_integer(v)) return fmt::format("{}", static_cast<long long>(v));  // a range-checked cast
  return fmt::format("{:.4g}", v);
}

// Money in JSON: rounded to cents.
inline double cents(double v) { return std::round(v * 100) / 100; }

}  // namespace gpuspec::cost::report_detail
