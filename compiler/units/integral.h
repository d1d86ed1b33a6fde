// Converting a double to an integer type is undefined behaviour when the value is not
// finite or does not fit (`static_cast<long long>(1e20)` gave -9.2e18 for a disk size,
// `static_cast<int>(3e9)` a tensor parallelism of -2147483648). Every such conversion
// goes through here and gets nullopt instead, for the caller to report at the property.
#pragma once

#include <cmath>
#include <limits>
#include <optional>
#include <type_traits>

namespace gpuspec::units {

// `value` truncated toward zero, when it is finite and the result fits in Int.
template <typename Int>
std::optional<Int> checked_integer(double value) {
  static_assert(std::is_integral_v<Int>);
  if (!std::isfinite(value)) return std::nullopt;
  // 2^digits is exact in a double; for signed types -2^digits is the minimum.
  const double bound = std::ldexp(1.0, std::numeric_limits<Int>::digits);
  const double lowest = std::is_signed_v<Int> ? -bound : 0.0;
  const double truncated = std::trunc(value);
  if (truncated < lowest || truncated >= bound) return std::nullopt;
  return static_cast<Int>(truncated);
}

// True when `value` is a whole number that an integer type holds exactly (below 2^53
// in magnitude, where every integer is a double).
inline bool is_exact_integer(double value) {
  return std::isfinite(value) && std::trunc(value) == value && std::fabs(value) < 9007199254740992.0;
}

}  // namespace gpuspec::units
