#include "backends/writers/gpuspec_text.h"

#include <fmt/format.h>

#include <array>
#include <cstdint>

#include "source/printable.h"
#include "source/utf8.h"

namespace gpuspec::writers {

std::string gpuspec_string(std::string_view text) {
  std::string out = "\"";
  out.reserve(text.size() + 2);
  for (std::size_t i = 0; i < text.size();) {
    unsigned char byte = static_cast<unsigned char>(text[i]);
    if (byte < 0x80) {
      ++i;
      if (byte == '"' || byte == '\\') {
        out += '\\';
        out += static_cast<char>(byte);
      } else if (byte == '\n') {
        out += "\\n";
      } else if (byte == '\r') {
        out += "\\r";
      } else if (byte == '\t') {
        out += "\\t";
      } else if (byte < 0x20 || byte == 0x7F) {
        out += fmt::format("\\u{{{:04X}}}", byte);
      } else {
        out += static_cast<char>(byte);
      }
      continue;
    }
    std::uint32_t cp = 0;
    std::size_t length = utf8::decode(text, i, cp);
    if (length == 0) {
      out += "\\u{FFFD}";
      ++i;
    } else if (utf8::is_hidden(cp)) {
      out += fmt::format("\\u{{{:04X}}}", cp);
      i += length;
    } else {
      out.append(text.data() + i, length);
      i += length;
    }
  }
  return out + "\"";
}

std::string comment_text(std::string_view text, std::size_t max_chars) {
  std::string shown = printable(text);  // one line of ASCII escapes and valid UTF-8
  std::size_t chars = 0;
  for (std::size_t i = 0; i < shown.size(); ++i) {
    if ((static_cast<unsigned char>(shown[i]) & 0xC0) == 0x80) continue;  // a continuation byte
    if (chars++ == max_chars) return shown.substr(0, i) + "...";
  }
  return shown;
}

std::string identifier_segment(std::string_view text, std::string_view fallback, std::size_t max_chars) {
  std::string out;
  for (char c : text) {
    if (out.size() >= max_chars) break;
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
    bool word = (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9');
    if (word) {
      out += c;
    } else if (!out.empty() && out.back() != '_') {
      out += '_';
    }
  }
  while (!out.empty() && out.back() == '_') out.pop_back();
  return out.empty() ? std::string(fallback) : out;
}

bool is_declaration_name(std::string_view name) {
  static constexpr std::array<std::string_view, 10> kReserved{"import", "waive", "until", "true", "false",
                                                               "and",    "or",    "not",   "in",   "x"};
  auto head = [](char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_'; };
  auto tail = [&](char c) { return head(c) || (c >= '0' && c <= '9') || c == '-'; };
  if (name.empty() || !head(name.front())) return false;
  bool segment_start = false;  // just after a dot: a segment may start with a digit
  for (char c : name.substr(1)) {
    if (c == '.') {
      if (segment_start) return false;
      segment_start = true;
      continue;
    }
    if (!(tail(c) && (!segment_start || c != '-'))) return false;
    segment_start = false;
  }
  if (segment_start) return false;
  for (auto word : kReserved) {
    if (name == word) return false;
  }
  return true;
}

}  // namespace gpuspec::writers
