// The oracles the output targets share: what every rendered output must satisfy
// whatever the input said. A violation traps, so libFuzzer (and the replay smoke
// tests) report it as a crash with the input that caused it.
#pragma once

#include <cstddef>
#include <nlohmann/json.hpp>
#include <string_view>

namespace gpuspec::fuzz {

// No raw control character (nor DEL): only the output's own line breaks, and CRLF
// where the format uses it (CSV). A spec must not be able to write into a terminal,
// a CI log or a file's structure through any output.
inline void require_printable(std::string_view out, bool crlf = false) {
  for (std::size_t i = 0; i < out.size(); ++i) {
    auto byte = static_cast<unsigned char>(out[i]);
    bool line_end = byte == '\n' || (crlf && byte == '\r' && i + 1 < out.size() && out[i + 1] == '\n');
    if ((byte < 0x20 && !line_end) || byte == 0x7f) __builtin_trap();
  }
}

// A JSON output parses (and so holds valid UTF-8).
inline void require_json(std::string_view out) {
  if (!nlohmann::json::accept(out)) __builtin_trap();
}

// An HTML report is a page without scripts: no input may open a <script> element or
// smuggle an event handler or javascript: address into it (its text is escaped).
inline void require_no_script(std::string_view html) {
  for (std::string_view needle : {"<script", "javascript:", " onload=", " onerror=", " onclick="}) {
    if (html.find(needle) != std::string_view::npos) __builtin_trap();
  }
}

inline bool ends_with(std::string_view text, std::string_view suffix) {
  return text.size() >= suffix.size() && text.substr(text.size() - suffix.size()) == suffix;
}

}  // namespace gpuspec::fuzz
