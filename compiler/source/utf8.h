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

// Number of code points in valid (or best-effort invalid) UTF-8.
std::size_t count_code_points(std::string_view text);

// Length of the UTF-8 sequence starting at text[i], with its code point in `cp`; 0 when
// the bytes there are not UTF-8 (overlong, surrogate, past U+10FFFF, cut short).
std::size_t decode(std::string_view text, std::size_t i, std::uint32_t& cp);

// Code points that are invisible or reorder or break what is shown: C1 controls, the
// line and paragraph separators and the bidirectional controls (printable.h escapes them).
bool is_hidden(std::uint32_t cp);

// Appends the UTF-8 encoding of a code point; false for surrogates or values above U+10FFFF.
bool append(std::string& out, std::uint32_t code_point);

}  // namespace gpuspec::utf8
