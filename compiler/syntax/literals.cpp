#include "syntax/literals.h"

#include <cctype>
#include <cerrno>
#include <cmath>
#include <cstdint>
#include <cstdlib>

#include "source/utf8.h"

namespace gpuspec::syntax {

NumberWithSuffix split_number_suffix(std::string_view text) {
  std::size_t i = 0;
  auto digits = [&] {
    while (i < text.size() && std::isdigit(static_cast<unsigned char>(text[i]))) ++i;
  };
  digits();
  if (i + 1 < text.size() && text[i] == '.' && std::isdigit(static_cast<unsigned char>(text[i + 1]))) {
    ++i;
    digits();
  }
  // An exponent only when digits follow: in `2eggs` the `e` starts the suffix.
  if (i < text.size() && (text[i] == 'e' || text[i] == 'E')) {
    std::size_t j = i + 1;
    if (j < text.size() && (text[j] == '+' || text[j] == '-')) ++j;
    if (j < text.size() && std::isdigit(static_cast<unsigned char>(text[j]))) {
      i = j;
      digits();
    }
  }
  return {text.substr(0, i), text.substr(i)};
}

bool is_schedule_symbol(std::string_view text) {
  auto digits = [&](std::size_t from) {
    std::size_t i = from;
    while (i < text.size() && std::isdigit(static_cast<unsigned char>(text[i]))) ++i;
    return i;
  };
  std::size_t x = digits(0);
  if (x == 0 || x >= text.size() || text[x] != 'x') return false;
  std::size_t end = digits(x + 1);
  return end > x + 1 && end == text.size();
}

namespace {

// Plain decimals (digits, at most one point between digits) of at most 15 digits, the
// numbers specs are made of, without strtod: it copied the text and parsed it at ~460
// instructions a number, ~0.7 % of a `check` of the peer corpus (issue 28). Such a
// number's digits are an integer below 2^53 and its scale a power of ten up to 1e15,
// both exact doubles, so one IEEE division rounds their quotient correctly: the double
// strtod returns (Clinger's fast path). Anything else is left to strtod (nullopt).
std::optional<double> exact_decimal(std::string_view text) {
  static constexpr double kPowersOfTen[] = {1e0, 1e1, 1e2,  1e3,  1e4,  1e5,  1e6,  1e7,
                                            1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15};
  std::uint64_t digits = 0;
  int count = 0;
  int fraction = -1;  // digits after the point; -1: no point
  for (char c : text) {
    if (c >= '0' && c <= '9') {
      if (++count > 15) return std::nullopt;
      digits = digits * 10 + static_cast<std::uint64_t>(c - '0');
      if (fraction >= 0) ++fraction;
    } else if (c == '.' && fraction < 0 && count > 0) {
      fraction = 0;
    } else {
      return std::nullopt;
    }
  }
  if (count == 0 || fraction == 0) return std::nullopt;
  auto value = static_cast<double>(digits);
  return fraction > 0 ? value / kPowersOfTen[fraction] : value;
}

}  // namespace

std::optional<double> parse_number(std::string_view text) {
  if (auto exact = exact_decimal(text)) return exact;
  std::string copy(text);
  errno = 0;
  char* end = nullptr;
  double value = std::strtod(copy.c_str(), &end);
  if (end != copy.c_str() + copy.size()) return std::nullopt;
  if (errno == ERANGE && std::isinf(value)) return std::nullopt;
  if (!std::isfinite(value)) return std::nullopt;
  return value;
}

DecodedString decode_string(std::string_view literal) {
  DecodedString out;
  // Strip the quotes; the lexer guarantees both are present.
  std::string_view body = literal.substr(1, literal.size() >= 2 ? literal.size() - 2 : 0);
  for (std::size_t i = 0; i < body.size(); ++i) {
    char c = body[i];
    if (c != '\\') {
      out.value += c;
      continue;
    }
    std::size_t start = i;
    char e = i + 1 < body.size() ? body[i + 1] : '\0';
    ++i;
    switch (e) {
      case '"': out.value += '"'; break;
      case '\\': out.value += '\\'; break;
      case 'n': out.value += '\n'; break;
      case 'r': out.value += '\r'; break;
      case 't': out.value += '\t'; break;
      case 'u': {
        std::size_t close = body.find('}', i);
        if (i + 1 >= body.size() || body[i + 1] != '{' || close == std::string_view::npos || close == i + 2 ||
            close - i - 2 > 6) {
          out.error = StringError{start + 1, 2, "invalid unicode escape: write '\\u{XXXX}' with 1 to 6 hex digits"};
          return out;
        }
        std::uint32_t cp = 0;
        for (std::size_t k = i + 2; k < close; ++k) {
          char h = body[k];
          if (!std::isxdigit(static_cast<unsigned char>(h))) {
            out.error = StringError{start + 1, close - start + 1, "invalid hex digit in unicode escape"};
            return out;
          }
          cp = cp * 16 + static_cast<std::uint32_t>(std::isdigit(static_cast<unsigned char>(h)) ? h - '0'
                                                                                                 : (std::tolower(h) - 'a' + 10));
        }
        if (!utf8::append(out.value, cp)) {
          out.error = StringError{start + 1, close - start + 1, "unicode escape is not a valid code point"};
          return out;
        }
        i = close;
        break;
      }
      default: {
        // Report the escape with the full character that follows the backslash.
        std::size_t len = 2;
        while (start + len < body.size() && (static_cast<unsigned char>(body[start + len]) & 0xC0) == 0x80) ++len;
        out.error = StringError{start + 1, len,
                                "invalid escape sequence '" + std::string(body.substr(start, len)) +
                                    "'; valid escapes are \\\" \\\\ \\n \\r \\t \\u{...}"};
        return out;
      }
    }
  }
  return out;
}

std::string decode_triple_string(std::string_view literal) {
  std::string_view body = literal.substr(3, literal.size() >= 6 ? literal.size() - 6 : 0);
  if (!body.empty() && body.front() == '\r') body.remove_prefix(1);
  if (!body.empty() && body.front() == '\n') body.remove_prefix(1);
  std::vector<std::string_view> lines;
  std::size_t pos = 0;
  while (pos <= body.size()) {
    std::size_t nl = body.find('\n', pos);
    std::string_view line = body.substr(pos, nl == std::string_view::npos ? std::string_view::npos : nl - pos);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    lines.push_back(line);
    if (nl == std::string_view::npos) break;
    pos = nl + 1;
  }
  // A last line holding only the indentation of the closing quotes is not content.
  if (!lines.empty() && lines.back().find_first_not_of(" \t") == std::string_view::npos) lines.pop_back();
  std::size_t indent = std::string_view::npos;
  for (auto line : lines) {
    std::size_t first = line.find_first_not_of(" \t");
    if (first != std::string_view::npos) indent = std::min(indent, first);
  }
  if (indent == std::string_view::npos) indent = 0;
  std::string out;
  for (std::size_t k = 0; k < lines.size(); ++k) {
    if (k) out += '\n';
    if (lines[k].size() > indent) out += lines[k].substr(indent);
  }
  return out;
}

}  // namespace gpuspec::syntax
