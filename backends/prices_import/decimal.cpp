#include "backends/prices_import/decimal.h"

#include <algorithm>
#include <cctype>

namespace gpuspec::prices_import {

namespace {

bool is_digit(char c) { return c >= '0' && c <= '9'; }

// "0012.3400" -> "12.34"; "000" -> "0"; the fraction's point dropped when empty.
std::string normalized(std::string integer, std::string fraction) {
  std::size_t first = integer.find_first_not_of('0');
  integer = first == std::string::npos ? "0" : integer.substr(first);
  std::size_t last = fraction.find_last_not_of('0');
  fraction = last == std::string::npos ? "" : fraction.substr(0, last + 1);
  return fraction.empty() ? integer : integer + "." + fraction;
}

// Digits with their decimal point at `point` (an index into `digits`, possibly before
// the start or past the end), rounded half up to `decimals` decimals.
std::string place_point(std::string digits, long point, int decimals = kMaxFractionDigits) {
  if (point <= 0) {
    digits.insert(0, static_cast<std::size_t>(-point) + 1, '0');
    point = 1;
  } else if (point > static_cast<long>(digits.size())) {
    digits.append(static_cast<std::size_t>(point) - digits.size(), '0');
  }
  std::string integer = digits.substr(0, static_cast<std::size_t>(point));
  std::string fraction = digits.substr(static_cast<std::size_t>(point));
  if (fraction.size() > static_cast<std::size_t>(decimals)) {
    bool round_up = fraction[static_cast<std::size_t>(decimals)] >= '5';
    fraction.resize(static_cast<std::size_t>(decimals));
    std::string all = integer + fraction;
    for (std::size_t i = all.size(); round_up && i-- > 0;) {
      if (all[i] == '9') {
        all[i] = '0';
      } else {
        ++all[i];
        round_up = false;
      }
    }
    if (round_up) all.insert(all.begin(), '1');
    integer = all.substr(0, all.size() - fraction.size());
    fraction = all.substr(all.size() - fraction.size());
  }
  return normalized(integer, fraction);
}

// "1,234,567" with every group after the first of exactly three digits.
bool strip_grouping(std::string& integer) {
  if (integer.find(',') == std::string::npos) return true;
  std::size_t group = 0;
  bool first = true;
  std::string digits;
  for (std::size_t i = 0; i <= integer.size(); ++i) {
    if (i == integer.size() || integer[i] == ',') {
      if (group == 0 || group > 3 || (!first && group != 3)) return false;
      first = false;
      group = 0;
      continue;
    }
    digits += integer[i];
    ++group;
  }
  integer = digits;
  return true;
}

}  // namespace

ParsedDecimal parse_decimal(std::string_view text, bool thousands) {
  ParsedDecimal out;
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.front()))) text.remove_prefix(1);
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.back()))) text.remove_suffix(1);
  bool negative = false;
  if (!text.empty() && (text.front() == '-' || text.front() == '+')) {
    negative = text.front() == '-';
    text.remove_prefix(1);
  }
  std::size_t i = 0;
  std::string integer, fraction;
  while (i < text.size() && (is_digit(text[i]) || (thousands && text[i] == ','))) integer += text[i++];
  if (i < text.size() && text[i] == '.') {
    ++i;
    while (i < text.size() && is_digit(text[i])) fraction += text[i++];
  }
  long exponent = 0;
  bool huge_exponent = false;
  if (i < text.size() && (text[i] == 'e' || text[i] == 'E') && (!integer.empty() || !fraction.empty())) {
    ++i;
    bool exponent_negative = false;
    if (i < text.size() && (text[i] == '-' || text[i] == '+')) exponent_negative = text[i++] == '-';
    std::size_t start = i;
    while (i < text.size() && is_digit(text[i])) {
      if (exponent < 100000) exponent = exponent * 10 + (text[i] - '0');
      else huge_exponent = true;
      ++i;
    }
    if (i == start) i = text.size() + 1;  // "1e": not a number
    if (exponent_negative) exponent = -exponent;
  }
  if (i != text.size() || (integer.empty() && fraction.empty()) || !strip_grouping(integer)) {
    out.problem = SkipReason::PriceMalformed;
    return out;
  }
  std::string digits = integer + fraction;
  std::size_t first = digits.find_first_not_of('0');
  if (first == std::string::npos) {
    out.problem = SkipReason::PriceZero;
    return out;
  }
  if (negative) {
    out.problem = SkipReason::PriceNegative;
    return out;
  }
  if (huge_exponent) {
    out.problem = exponent < 0 ? SkipReason::PriceZero : SkipReason::PriceTooLarge;
    return out;
  }
  // The point's index in `digits`, and how many digits stand before it from the first
  // significant one (negative: zeros after the point).
  long point = static_cast<long>(integer.size()) + exponent;
  long magnitude = point - static_cast<long>(first);
  if (magnitude > kMaxIntegerDigits) {
    out.problem = SkipReason::PriceTooLarge;
    return out;
  }
  if (magnitude < -kMaxFractionDigits) {
    out.problem = SkipReason::PriceZero;  // below the finest fraction kept
    return out;
  }
  out.text = place_point(digits, point);
  if (out.text == "0") {
    out.text.clear();
    out.problem = SkipReason::PriceZero;
  }
  return out;
}

std::string divide_decimal(const std::string& dividend, unsigned long long divisor, int decimals) {
  if (divisor == 0) return {};
  std::size_t dot = dividend.find('.');
  std::string integer = dividend.substr(0, dot);
  std::string fraction = dot == std::string::npos ? std::string() : dividend.substr(dot + 1);
  // One digit past `decimals` decides the rounding; the quotient keeps the dividend's
  // point, so it has as many fraction digits as the padded dividend.
  std::size_t width = std::max(fraction.size(), static_cast<std::size_t>(decimals) + 1);
  std::string digits = integer + fraction + std::string(width - fraction.size(), '0');
  std::string quotient;
  unsigned long long remainder = 0;
  for (char c : digits) {
    remainder = remainder * 10 + static_cast<unsigned long long>(c - '0');
    quotient += static_cast<char>('0' + remainder / divisor);
    remainder %= divisor;
  }
  return place_point(quotient, static_cast<long>(quotient.size() - width), decimals);
}

int compare_decimal(const std::string& a, const std::string& b) {
  auto split = [](const std::string& s) {
    std::size_t dot = s.find('.');
    return std::pair{s.substr(0, dot), dot == std::string::npos ? std::string() : s.substr(dot + 1)};
  };
  auto [ai, af] = split(a);
  auto [bi, bf] = split(b);
  if (ai.size() != bi.size()) return ai.size() < bi.size() ? -1 : 1;
  if (int c = ai.compare(bi)) return c < 0 ? -1 : 1;
  std::size_t width = std::max(af.size(), bf.size());
  af.resize(width, '0');
  bf.resize(width, '0');
  int c = af.compare(bf);
  return c < 0 ? -1 : (c > 0 ? 1 : 0);
}

}  // namespace gpuspec::prices_import
