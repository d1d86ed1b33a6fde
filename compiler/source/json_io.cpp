#include "source/json_io.h"

namespace gpuspec {

bool json_nesting_within(std::string_view text, std::size_t limit) {
  std::size_t depth = 0;
  bool in_string = false;
  for (std::size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (in_string) {
      if (c == '\\') {
        ++i;  // the escaped character cannot end the string
      } else if (c == '"') {
        in_string = false;
      }
    } else if (c == '"') {
      in_string = true;
    } else if (c == '[' || c == '{') {
      if (++depth > limit) return false;
    } else if ((c == ']' || c == '}') && depth > 0) {
      --depth;
    }
  }
  return true;
}

std::optional<nlohmann::json> parse_json_input(std::string_view text, std::string& error) {
  if (!json_nesting_within(text)) {
    error = "arrays and objects are nested deeper than " + std::to_string(kMaxJsonNesting) + " levels";
    return std::nullopt;
  }
  try {
    return nlohmann::json::parse(text);
  } catch (const nlohmann::json::exception& e) {
    // nlohmann's messages start "[json.exception.parse_error.101] parse error at line
    // 3, column 5: ..."; the bracketed id means nothing to a user.
    std::string what = e.what();
    auto close = what.find("] ");
    std::string message =
        !what.empty() && what.front() == '[' && close != std::string::npos ? what.substr(close + 2) : what;
    // They quote the input last read, writing control characters as <U+001F> but DEL
    // raw; write DEL the same way, so no input puts a raw control character into the
    // message (the language server sends it to the client; lsp_fuzzer found it).
    error.clear();
    for (char c : message) error += c == '\x7f' ? std::string("<U+007F>") : std::string(1, c);
    return std::nullopt;
  }
}

}  // namespace gpuspec
