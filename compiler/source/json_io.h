// Parsing JSON that came from outside — an editor's message, gpuspec.json, an output
// folder's manifest or journal, a baseline — so that no input can crash the reader:
// the nesting of arrays and objects is limited before a value is built, because
// copying, dumping or comparing a nlohmann value recurses once per level (a 200 KB
// message nesting 100,000 arrays overflowed the language server's stack).
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

}  // namespace gpuspec
