// JSON in and out, so that no input can crash gpuspec and no output is invalid.
//
// In: JSON that came from outside — an editor's message, gpuspec.json, an output
// folder's manifest or journal, a baseline — has the nesting of its arrays and objects
// limited before a value is built, because copying, dumping or comparing a nlohmann
// value recurses once per level (a 200 KB message nesting 100,000 arrays overflowed
// the language server's stack).
//
// Out: every JSON document gpuspec writes is valid UTF-8. Text that is not (a file
// name, a token cut in the middle of a character) has each invalid sequence replaced by
// U+FFFD, as nlohmann's error_handler_t::replace does, instead of throwing mid-document.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

namespace gpuspec {

// Far deeper than any message or file gpuspec reads (LSP messages nest about 8).
inline constexpr std::size_t kMaxJsonNesting = 256;

// Whether no array or object in `text` is nested deeper than `limit` (brackets inside
// strings do not count). Linear, no allocation; malformed text is the parser's to judge.
bool json_nesting_within(std::string_view text, std::size_t limit = kMaxJsonNesting);

// Parses `text`; nullopt with `error` set for malformed JSON ("syntax error while
// parsing value - invalid literal; last read: 'x'", with line and column) or nesting past
// kMaxJsonNesting. Invalid UTF-8 in a string is malformed JSON.
std::optional<nlohmann::json> parse_json_input(std::string_view text, std::string& error);

// `value` (a nlohmann::json or ordered_json, whose key order is kept) as JSON text,
// `indent` spaces per level (-1: one line), invalid UTF-8 replaced: what every JSON
// writer prints (reports, manifests, journals, messages).
template <typename Json>
std::string dump_json(const Json& value, int indent = 2) {
  return value.dump(indent, ' ', false, Json::error_handler_t::replace);
}

}  // namespace gpuspec
