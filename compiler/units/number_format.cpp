#include "units/number_format.h"

#include <charconv>
#include <cmath>
#include <iterator>
#include <string_view>

#include <fmt/format.h>

namespace gpuspec::units::detail {
namespace {

constexpr double kWholeTolerance = 1e-9;  // relative; unit factors like 1/3600 leave noise

// "d.ddde+XX" for up to 17 significant digits and a 3-digit exponent fits easily.
using ScientificBuffer = char[48];

// |value| (finite, non-zero) rounded to `digits` significant digits in scientific
// form ("1.235e+04"), written into a stack buffer: these numbers are formatted for
// every fact of every server. std::to_chars rounds the exact binary value correctly,
// as fmt's "{:.3e}" did before, without parsing a format string at run time (the
// differential test checks both agree, ties included).
std::string_view write_scientific(ScientificBuffer& buffer, double magnitude, int digits) {
  const auto end =
      std::to_chars(buffer, buffer + sizeof(buffer), magnitude, std::chars_format::scientific, digits - 1).ptr;
  return {buffer, static_cast<std::size_t>(end - buffer)};
}

// The digits (point dropped, trailing zeros trimmed, at least one kept) and decimal
// exponent of a scientific string such as "1.230e+04".
struct ScientificParts {
  char digits[24];
  int count = 0;
  int exponent = 0;
};

ScientificParts split_scientific(std::string_view scientific) {
  ScientificParts parts;
  const std::size_t e = scientific.find('e');
  for (char c : scientific.substr(0, e)) {
    if (c != '.' && parts.count < static_cast<int>(sizeof(parts.digits))) parts.digits[parts.count++] = c;
  }
  while (parts.count > 1 && parts.digits[parts.count - 1] == '0') --parts.count;
  const char* first = scientific.data() + e + 1;
  if (*first == '+') ++first;  // from_chars takes '-' but not '+'
  std::from_chars(first, scientific.data() + scientific.size(), parts.exponent);
  return parts;
}

ScientificParts rounded_parts(double magnitude, int digits) {
  ScientificBuffer buffer;
  return split_scientific(write_scientific(buffer, magnitude, digits));
}

// Drops trailing zeros after a decimal point, and the point itself if nothing is left.
std::size_t trimmed_fraction_size(std::string_view text) {
  if (text.find('.') == std::string_view::npos) return text.size();
  std::size_t size = text.size();
  while (text[size - 1] == '0') --size;
  if (text[size - 1] == '.') --size;
  return size;
}

}  // namespace

SignificantDigits significant_digits(double value, int digits) {
  if (value == 0) return {false, "0", 0};  // also turns -0 into 0
  const ScientificParts parts = rounded_parts(std::fabs(value), digits);
  return {value < 0, std::string(parts.digits, parts.count), parts.exponent};
}

int significant_digit_count(double value, int digits) {
  if (value == 0) return 1;
  return rounded_parts(std::fabs(value), digits).count;
}

double round_to_significant(double value, int digits) {
  if (value == 0 || !std::isfinite(value)) return value;
  ScientificBuffer buffer;
  const std::string_view scientific = write_scientific(buffer, value, digits);
  // from_chars rounds correctly like the std::stod it replaces, without a string.
  double rounded = 0;
  std::from_chars(scientific.data(), scientific.data() + scientific.size(), rounded);
  return rounded;
}

void append_significant(std::string& out, double value, int digits, int min_fixed_exponent,
                        int max_fixed_exponent) {
  if (!std::isfinite(value)) {
    fmt::format_to(std::back_inserter(out), "{}", value);
    return;
  }
  if (value == 0) {  // also turns -0 into 0
    out += '0';
    return;
  }
  const ScientificParts parts = rounded_parts(std::fabs(value), digits);
  const std::string_view d(parts.digits, parts.count);
  const int count = parts.count;
  const int exponent = parts.exponent;
  if (value < 0) out += '-';
  if (exponent < min_fixed_exponent || exponent > max_fixed_exponent) {
    out += d[0];
    if (count > 1) {
      out += '.';
      out += d.substr(1);
    }
    out += 'e';
    char buffer[8];
    const auto end = std::to_chars(buffer, buffer + sizeof(buffer), exponent).ptr;
    out.append(buffer, end);
    return;
  }
  if (exponent < 0) {
    out += "0.";
    out.append(-exponent - 1, '0');
    out += d;
  } else if (exponent >= count - 1) {
    out += d;
    out.append(exponent - (count - 1), '0');
  } else {
    out += d.substr(0, exponent + 1);
    out += '.';
    out += d.substr(exponent + 1);
  }
}

std::string format_significant(double value, int digits, int min_fixed_exponent, int max_fixed_exponent) {
  std::string text;
  append_significant(text, value, digits, min_fixed_exponent, max_fixed_exponent);
  return text;
}

void append_money_amount(std::string& out, double value) {
  if (!std::isfinite(value)) {
    fmt::format_to(std::back_inserter(out), "{}", value);
    return;
  }
  const double magnitude = std::fabs(value);
  // Beyond 1e15 cents are below double precision; fall back to significant digits.
  // Below one unit (per-kWh tariffs, tiny per-hour rates) two decimals could round a
  // real price to 0, so keep significant digits instead.
  if (magnitude >= 1e15 || magnitude < 1) {
    append_significant(out, value, 4);
    return;
  }
  char buffer[32];  // below 1e15: at most 16 integer digits, sign, point, 2 decimals
  const auto end = std::to_chars(buffer, buffer + sizeof(buffer), value, std::chars_format::fixed, 2).ptr;
  const std::string_view text(buffer, static_cast<std::size_t>(end - buffer));
  out += text.substr(0, trimmed_fraction_size(text));
}

std::string format_money_amount(double value) {
  std::string text;
  append_money_amount(text, value);
  return text;
}

bool is_whole(double value) {
  return std::fabs(value - std::round(value)) <= kWholeTolerance * std::fmax(1.0, std::fabs(value));
}

}  // namespace gpuspec::units::detail
