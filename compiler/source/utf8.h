// Minimal UTF-8 helpers: validation of user input and code-point counting for columns.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace gpuspec::utf8 {

// Byte offset of the first invalid UTF-8 sequence, or nullopt when the text is valid.
std::optional<std::size_t> first_invalid(std::string_view text);

// The length of the valid UTF-8 sequence starting at text[at] (a byte of 0x80 or more)
// and its code point in `code_point`; 0 when no valid sequence starts there (overlong
// forms, surrogates and values past U+10FFFF are not UTF-8).
std::size_t decode(std::string_view text, std::size_t at, std::uint32_t& code_point);

// Number of code points in valid (or best-effort invalid) UTF-8.
std::size_t count_code_points(std::string_view text);

// The longest prefix of `text` of at most `max_bytes` bytes that does not split a
// code point: a message that quotes the start of a long token stays UTF-8.
std::string_view prefix(std::string_view text, std::size_t max_bytes);

// `text` with each invalid sequence replaced by U+FFFD, one per maximal subpart of a
// sequence (Unicode's recommended practice, and what nlohmann's replace handler does):
// a lead byte that cannot start a sequence, or the valid start of a sequence up to the
// byte that breaks it (which is then read again).
std::string replace_invalid(std::string_view text);

// Code points that are invisible or reorder or break what is shown: C1 controls, the
// line and paragraph separators and the bidirectional controls (printable.h escapes them).
bool is_hidden(std::uint32_t cp);

// Appends the UTF-8 encoding of a code point; false for surrogates or values above U+10FFFF.
bool append(std::string& out, std::uint32_t code_point);

}  // namespace gpuspec::utf8
