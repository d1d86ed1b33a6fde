#include "source/markup_escape.h"

#include <cstdint>
#include <cstdio>

#include "source/utf8.h"

namespace gpuspec {

namespace {

void append_format(std::string& out, const char* format, unsigned value) {
  char buffer[16];
  std::snprintf(buffer, sizeof buffer, format, value);
  out += buffer;
}

// Characters XML 1.0 allows only as references, or that would break a line or hide.
bool needs_reference(std::uint32_t cp) { return (cp >= 0x7F && cp <= 0x9F) || cp == 0x2028 || cp == 0x2029; }

}  // namespace

std::string markup_escape(std::string_view text) {
  std::string out;
  append_markup_escaped(out, text);
  return out;
}

void append_markup_escaped(std::string& out, std::string_view text) {
  out.reserve(out.size() + text.size());
  for (std::size_t i = 0; i < text.size();) {
    auto c = static_cast<unsigned char>(text[i]);
    if (c < 0x80) {
      switch (c) {
        case '&': out += "&amp;"; break;
        case '<': out += "&lt;"; break;
        case '>': out += "&gt;"; break;
        case '"': out += "&quot;"; break;
        case '\'': out += "&apos;"; break;
        case '\t': out += "&#9;"; break;
        case '\n': out += "&#10;"; break;
        case '\r': out += "&#13;"; break;
        case 0x7F: out += "&#127;"; break;
        default:
          if (c < 0x20) {
            append_format(out, "\\x%02X", c);  // not an XML 1.0 character at all
          } else {
            out += static_cast<char>(c);
          }
      }
      ++i;
      continue;
    }
    std::uint32_t cp = 0;
    std::size_t length = utf8::decode(text, i, cp);
    if (length == 0) {
      append_format(out, "\\x%02X", c);
      ++i;
    } else if (needs_reference(cp)) {
      append_format(out, "&#x%X;", cp);
      i += length;
    } else if (cp == 0xFFFE || cp == 0xFFFF) {
      append_format(out, "\\u{%04X}", cp);
      i += length;
    } else {
      out.append(text.substr(i, length));
      i += length;
    }
  }
}

}  // namespace gpuspec
