#include "source/printable.h"

#include <cstdint>
#include <cstdio>

#include "source/word_scan.h"

namespace gpuspec {

namespace {

void append_hex_byte(std::string& out, unsigned char byte) {
  char buffer[8];
  std::snprintf(buffer, sizeof buffer, "\\x%02X", byte);
  out += buffer;
}

void append_code_point_escape(std::string& out, std::uint32_t code_point) {
  char buffer[16];
  std::snprintf(buffer, sizeof buffer, "\\u{%04X}", code_point);
  out += buffer;
}

bool hidden_code_point(std::uint32_t cp) {
  return (cp >= 0x80 && cp <= 0x9F) || cp == 0x061C || cp == 0x200E || cp == 0x200F || cp == 0x2028 ||
         cp == 0x2029 || (cp >= 0x202A && cp <= 0x202E) || (cp >= 0x2066 && cp <= 0x2069);
}

// Length of the UTF-8 sequence starting at text[i] and its code point; 0 when invalid.
std::size_t decode(std::string_view text, std::size_t i, std::uint32_t& cp) {
  auto byte = [&](std::size_t k) { return static_cast<unsigned char>(text[k]); };
  unsigned char lead = byte(i);
  std::size_t length = 0;
  if (lead >= 0xC2 && lead <= 0xDF) length = 2;
  else if (lead >= 0xE0 && lead <= 0xEF) length = 3;
  else if (lead >= 0xF0 && lead <= 0xF4) length = 4;
  if (length == 0 || i + length > text.size()) return 0;
  cp = lead & (0x7F >> length);
  for (std::size_t k = 1; k < length; ++k) {
    if ((byte(i + k) & 0xC0) != 0x80) return 0;
    cp = (cp << 6) | (byte(i + k) & 0x3F);
  }
  // Overlong forms, surrogates and values past U+10FFFF are not UTF-8.
  static constexpr std::uint32_t kSmallest[] = {0, 0, 0x80, 0x800, 0x10000};
  if (cp < kSmallest[length] || (cp >= 0xD800 && cp <= 0xDFFF) || cp > 0x10FFFF) return 0;
  return length;
}

}  // namespace

std::string printable(std::string_view text) {
  std::string out;
  append_printable(out, text);
  return out;
}

void append_printable(std::string& out, std::string_view text) {
  out.reserve(out.size() + text.size());
  std::size_t plain_from = 0;  // the first byte not yet appended
  auto flush = [&](std::size_t to) { out.append(text.data() + plain_from, to - plain_from); };
  for (std::size_t i = 0; i < text.size();) {
    // Printable ASCII is shown as is: skipped a word at a time, appended in one piece.
    while (i + word_scan::kWordSize <= text.size()) {
      std::uint64_t word = word_scan::load(text.data() + i);
      if (word_scan::any_below(word, 0x20) | word_scan::any_equal(word, 0x7F) | word_scan::any_high(word)) break;
      i += word_scan::kWordSize;
    }
    if (i >= text.size()) break;
    auto c = static_cast<unsigned char>(text[i]);
    if (c >= 0x20 && c < 0x7F) {
      ++i;
      continue;
    }
    flush(i);
    if (c < 0x80) {
      switch (c) {
        case '\n': out += "\\n"; break;
        case '\r': out += "\\r"; break;
        case '\t': out += "\\t"; break;
        default: append_hex_byte(out, c);  // other C0 controls and DEL
      }
      plain_from = ++i;
      continue;
    }
    std::uint32_t cp = 0;
    std::size_t length = decode(text, i, cp);
    if (length == 0) {
      append_hex_byte(out, c);
      plain_from = ++i;
    } else if (hidden_code_point(cp)) {
      append_code_point_escape(out, cp);
      plain_from = i += length;
    } else {
      plain_from = i;  // shown as is, with the plain text around it
      i += length;
    }
  }
  flush(text.size());
}

std::string string_literal(std::string_view text) {
  std::string out = "\"";
  for (std::size_t i = 0; i < text.size();) {
    auto c = static_cast<unsigned char>(text[i]);
    if (c < 0x80) {
      switch (c) {
        case '"': out += "\\\""; break;
        case '\\': out += "\\\\"; break;
        case '\n': out += "\\n"; break;
        case '\r': out += "\\r"; break;
        case '\t': out += "\\t"; break;
        default:
          if (c < 0x20 || c == 0x7F) append_code_point_escape(out, c);
          else out += static_cast<char>(c);
      }
      ++i;
      continue;
    }
    std::uint32_t cp = 0;
    std::size_t length = decode(text, i, cp);
    if (length == 0) {
      out += "\xEF\xBF\xBD";  // U+FFFD REPLACEMENT CHARACTER
      ++i;
    } else {
      if (hidden_code_point(cp)) append_code_point_escape(out, cp);
      else out.append(text.substr(i, length));
      i += length;
    }
  }
  return out + "\"";
}

}  // namespace gpuspec
