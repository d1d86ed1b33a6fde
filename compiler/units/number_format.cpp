#include "units/number_format.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>

namespace gpuspec::units::detail {
namespace {

constexpr double kWholeTolerance = 1e-9;  // relative; unit factors like 1/3600 leave noise

// The digits (trailing zeros trimmed, at least one kept) and decimal exponent of a
// positive finite number rounded to some count of significant digits: 12300 at 4
// digits -> {"123", 4}.
struct RoundedParts {
  char digits[24];
  int count = 0;
  int exponent = 0;
  bool exact = false;  // the digits are the number itself, nothing was rounded away
  std::string_view view() const { return {digits, static_cast<std::size_t>(count)}; }
};

void trim_trailing_zeros(RoundedParts& parts) {
  while (parts.count > 1 && parts.digits[parts.count - 1] == '0') --parts.count;
}

// Splits a std::to_chars scientific text ("1.230e+04", "5e-324") into digits and exponent.
void split_scientific(const char* first, const char* last, RoundedParts& parts) {
  parts.count = 0;
  const char* e = std::find(first, last, 'e');
  for (const char* c = first; c != e; ++c) {
    if (*c != '.' && parts.count < static_cast<int>(sizeof(parts.digits))) parts.digits[parts.count++] = *c;
  }
  trim_trailing_zeros(parts);
  const char* exponent = e + 1;
  if (*exponent == '+') ++exponent;  // from_chars takes '-' but not '+'
  std::from_chars(exponent, last, parts.exponent);
}

// Four ways to the same digits, cheapest first. Every one rounds the exact binary value
// to nearest, ties to even, as std::to_chars with a precision does (and fmt's "{:.3e}"
// did before it); the differential test checks them against the original formatter.
//
// 1. Whole numbers below 2^64 (most quantities: 80 GB, 700 W, 989 TFLOPS in base units)
//    are rounded in integer arithmetic.
bool integer_parts(double magnitude, int digits, RoundedParts& parts) {
  if (!(magnitude < 18446744073709551616.0)) return false;  // 2^64; also rejects NaN
  const auto whole = static_cast<std::uint64_t>(magnitude);
  if (static_cast<double>(whole) != magnitude) return false;
  char text[24];
  const int length = static_cast<int>(std::to_chars(text, text + sizeof(text), whole).ptr - text);
  parts.exponent = length - 1;
  if (length <= digits) {
    std::memcpy(parts.digits, text, static_cast<std::size_t>(length));
    parts.count = length;
    parts.exact = true;
    trim_trailing_zeros(parts);
    return true;
  }
  std::memcpy(parts.digits, text, static_cast<std::size_t>(digits));
  parts.count = digits;
  // Round on the dropped digits: above half up, below half down, exactly half to even.
  const char first_dropped = text[digits];
  bool up = first_dropped > '5';
  if (first_dropped == '5') {
    const bool rest_zero = std::all_of(text + digits + 1, text + length, [](char c) { return c == '0'; });
    up = !rest_zero || (parts.digits[digits - 1] - '0') % 2 == 1;
  }
  if (up) {
    int i = digits - 1;
    while (i >= 0 && parts.digits[i] == '9') parts.digits[i--] = '0';
    if (i >= 0) {
      ++parts.digits[i];
    } else {  // 9999|5 -> 1e+(exponent + 1)
      parts.digits[0] = '1';
      parts.count = 1;
      ++parts.exponent;
    }
  }
  trim_trailing_zeros(parts);
  return true;
}

// Powers of ten a double holds exactly.
constexpr double kExactPowersOfTen[] = {1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,  1e8,  1e9,  1e10, 1e11,
                                        1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};
constexpr int kMaxExactPower = 22;

// |x| rounded to `digits` digits decides only at a half, and a product or quotient by an
// exact power of ten is off by at most half an ulp (relative 1.2e-16): below 1e9 that is
// under 1.2e-7, so a fraction more than 1e-6 away from one half rounds like the exact value.
constexpr int kMaxScaledDigits = 9;
constexpr double kHalfMargin = 1e-6;

bool near_half(double scaled) {
  const double fraction = scaled - std::floor(scaled);
  return std::fabs(fraction - 0.5) <= kHalfMargin;
}

// |x| * 10^power, rounded once; false when the power is not exact in a double.
bool scale_by_power_of_ten(double magnitude, int power, double& scaled) {
  if (power > kMaxExactPower || power < -kMaxExactPower) return false;
  scaled = power >= 0 ? magnitude * kExactPowersOfTen[power] : magnitude / kExactPowersOfTen[-power];
  return true;
}

// 2. Other normal numbers at up to 9 digits (2.7, 3.35e12 / 7, 0.004): scaled by a power
//    of ten into [10^(digits-1), 10^digits) and rounded to an integer, unless the scaled
//    value is too close to a half to be sure which way the exact value rounds.
bool scaled_parts(double magnitude, int digits, RoundedParts& parts) {
  if (digits > kMaxScaledDigits || !(magnitude >= std::numeric_limits<double>::min()) ||
      !(magnitude <= std::numeric_limits<double>::max())) {
    return false;
  }
  // floor(log10(magnitude)) from the binary exponent: exact or one too small.
  int exponent = static_cast<int>(std::floor(std::ilogb(magnitude) * 0.30102999566398120));
  double scaled = 0;
  if (!scale_by_power_of_ten(magnitude, digits - 1 - exponent, scaled)) return false;
  const double top = kExactPowersOfTen[digits];
  if (scaled >= top) {  // one too small (comparing with a whole number decides no rounding)
    ++exponent;
    if (!scale_by_power_of_ten(magnitude, digits - 1 - exponent, scaled)) return false;
  }
  if (scaled < kExactPowersOfTen[digits - 1] || scaled >= top || near_half(scaled)) return false;
  const auto rounded = static_cast<std::uint64_t>(scaled + 0.5);
  parts.exponent = exponent;
  if (static_cast<double>(rounded) == top) {  // 9999.7 -> 1e+(exponent + 1)
    parts.digits[0] = '1';
    parts.count = 1;
    ++parts.exponent;
    return true;
  }
  parts.count = static_cast<int>(std::to_chars(parts.digits, std::end(parts.digits), rounded).ptr - parts.digits);
  trim_trailing_zeros(parts);
  return true;
}

// 3. Normal numbers whose shortest round-trip text has at most `digits` digits (at 10 to
//    15 digits): that text is the rounding. The exact value lies within half an ulp
//    (relative 1.2e-16) of it, far inside half a step of the `digits`-digit grid (at
//    least relative 5e-16 for 15 digits), and the text itself is on the grid, so the
//    nearest grid point is the text; it is never a tie.
bool shortest_parts(double magnitude, int digits, RoundedParts& parts) {
  if (digits > 15 || !(magnitude >= std::numeric_limits<double>::min())) return false;  // subnormals lose precision
  char text[32];
  const char* end = std::to_chars(text, text + sizeof(text), magnitude, std::chars_format::scientific).ptr;
  split_scientific(text, end, parts);
  parts.exact = parts.count <= digits;  // reads back as `magnitude` itself
  return parts.exact;
}

// 4. Anything else (ties, subnormals, huge exponents): std::to_chars with a precision,
//    exact but the slowest.
RoundedParts rounded_parts(double magnitude, int digits) {
  RoundedParts parts;
  if (integer_parts(magnitude, digits, parts) || scaled_parts(magnitude, digits, parts) ||
      shortest_parts(magnitude, digits, parts)) {
    return parts;
  }
  char text[48];
  const char* end =
      std::to_chars(text, text + sizeof(text), magnitude, std::chars_format::scientific, digits - 1).ptr;
  split_scientific(text, end, parts);
  return parts;
}

// Copies text into a NumberText; the callers' sizes are bounded (see NumberText).
void put(NumberText& out, std::string_view text) {
  std::memcpy(out.chars + out.size, text.data(), text.size());
  out.size += text.size();
}
void put(NumberText& out, char c) { out.chars[out.size++] = c; }
void put_repeated(NumberText& out, std::size_t count, char c) {
  std::memset(out.chars + out.size, c, count);
  out.size += count;
}

// As fmt's "{}" printed them: "inf", "-inf", "nan", "-nan".
void write_non_finite(NumberText& out, double value) {
  if (std::signbit(value)) put(out, '-');
  put(out, std::isnan(value) ? "nan" : "inf");
}

}  // namespace

SignificantDigits significant_digits(double value, int digits) {
  if (value == 0) return {false, "0", 0};  // also turns -0 into 0
  const RoundedParts parts = rounded_parts(std::fabs(value), digits);
  return {value < 0, std::string(parts.view()), parts.exponent};
}

int significant_digit_count(double value, int digits) {
  if (value == 0) return 1;
  return rounded_parts(std::fabs(value), digits).count;
}

double round_to_significant(double value, int digits) {
  if (value == 0 || !std::isfinite(value)) return value;
  const RoundedParts parts = rounded_parts(std::fabs(value), digits);
  if (parts.exact) return value;  // already at most `digits` digits
  // "-1237e9": the rounded digits read back with from_chars, which rounds correctly like
  // the std::stod the first formatter used.
  char text[48];
  char* end = text;
  if (value < 0) *end++ = '-';
  end = std::copy_n(parts.digits, parts.count, end);
  *end++ = 'e';
  end = std::to_chars(end, text + sizeof(text), parts.exponent - (parts.count - 1)).ptr;
  double rounded = 0;
  std::from_chars(text, end, rounded);
  return rounded;
}

bool reaches_at_4_digits(double value, double threshold) {
  // Rounding to 4 digits moves a value by at most half a step of its 4-digit grid, which
  // is below 0.05 % of a threshold of at most 4 digits: from 0.1 % below it, no value
  // rounds up to it.
  if (value >= threshold) return true;
  if (value < threshold * 0.999) return false;
  return round_to_significant(value, 4) >= threshold;
}

void write_significant(NumberText& out, double value, int digits, int min_fixed_exponent,
                       int max_fixed_exponent) {
  out.size = 0;
  if (!std::isfinite(value)) return write_non_finite(out, value);
  if (value == 0) return put(out, '0');  // also turns -0 into 0
  const RoundedParts parts = rounded_parts(std::fabs(value), digits);
  const std::string_view d = parts.view();
  const int count = parts.count;
  const int exponent = parts.exponent;
  if (value < 0) put(out, '-');
  if (exponent < min_fixed_exponent || exponent > max_fixed_exponent) {
    put(out, d[0]);
    if (count > 1) {
      put(out, '.');
      put(out, d.substr(1));
    }
    put(out, 'e');
    out.size = static_cast<std::size_t>(std::to_chars(out.chars + out.size, std::end(out.chars), exponent).ptr - out.chars);
    return;
  }
  if (exponent < 0) {
    put(out, "0.");
    put_repeated(out, static_cast<std::size_t>(-exponent - 1), '0');
    put(out, d);
  } else if (exponent >= count - 1) {
    put(out, d);
    put_repeated(out, static_cast<std::size_t>(exponent - (count - 1)), '0');
  } else {
    put(out, d.substr(0, static_cast<std::size_t>(exponent + 1)));
    put(out, '.');
    put(out, d.substr(static_cast<std::size_t>(exponent + 1)));
  }
}

std::string format_significant(double value, int digits, int min_fixed_exponent, int max_fixed_exponent) {
  NumberText text;
  write_significant(text, value, digits, min_fixed_exponent, max_fixed_exponent);
  return std::string(text.view());
}

void write_money_amount(NumberText& out, double value) {
  out.size = 0;
  if (!std::isfinite(value)) return write_non_finite(out, value);
  const double magnitude = std::fabs(value);
  // Beyond 1e15 cents are below double precision; fall back to significant digits.
  // Below one unit (per-kWh tariffs, tiny per-hour rates) two decimals could round a
  // real price to 0, so keep significant digits instead.
  if (magnitude >= 1e15 || magnitude < 1) return write_significant(out, value, 4);
  // Whole amounts ("150000") print as integers, as two decimals trimmed would.
  const auto whole = static_cast<long long>(value);
  if (static_cast<double>(whole) == value) {
    out.size = static_cast<std::size_t>(std::to_chars(out.chars, std::end(out.chars), whole).ptr - out.chars);
    return;
  }
  // Below 1e9 cents are within 1.2e-5 of the exact value once scaled (see scaled_parts):
  // round them as an integer unless they are too close to a half cent.
  double cents = 0;
  if (magnitude < 1e9 && scale_by_power_of_ten(magnitude, 2, cents) && std::fabs(cents - std::floor(cents) - 0.5) > 1e-4) {
    const auto rounded = static_cast<std::uint64_t>(cents + 0.5);
    if (value < 0) put(out, '-');
    out.size = static_cast<std::size_t>(std::to_chars(out.chars + out.size, std::end(out.chars), rounded / 100).ptr - out.chars);
    const auto hundredths = static_cast<unsigned>(rounded % 100);
    if (hundredths != 0) {
      put(out, '.');
      put(out, static_cast<char>('0' + hundredths / 10));
      if (hundredths % 10 != 0) put(out, static_cast<char>('0' + hundredths % 10));
    }
    return;
  }
  // Otherwise round to 2 decimals and drop trailing zeros and a bare point ("2.50" -> "2.5").
  const char* end = std::to_chars(out.chars, std::end(out.chars), value, std::chars_format::fixed, 2).ptr;
  std::size_t size = static_cast<std::size_t>(end - out.chars);
  while (out.chars[size - 1] == '0') --size;
  if (out.chars[size - 1] == '.') --size;
  out.size = size;
}

std::string format_money_amount(double value) {
  NumberText text;
  write_money_amount(text, value);
  return std::string(text.view());
}

bool is_whole(double value) {
  return std::fabs(value - std::round(value)) <= kWholeTolerance * std::fmax(1.0, std::fabs(value));
}

}  // namespace gpuspec::units::detail
