#include "source/printable.h"

#include <cstdint>
#include <cstdio>

#include "source/utf8.h"
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
    std::size_t length = utf8::decode(text, i, cp);
    if (length == 0) {
      append_hex_byte(out, c);
      plain_from = ++i;
    } else if (utf8::is_hidden(cp)) {
      append_code_point_escape(out, cp);
      plain_from = i += length;
    } else {
      plain_from = i;  // shown as is, with the plain text around it
      i += length;
    }
  }
  flush(text.size());
}

}  // namespace gpuspec
