// A JSON string exactly as nlohmann's dump() writes it (ensure_ascii off), appended to a
// buffer without building a JSON value: the JSON writers of `check` and the renderer's
// tests share it, so hand-written output stays the DOM's bytes.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace gpuspec {

// The most bytes write_json_string() writes for a text of `size` bytes: six per byte
// (\u00xx) and the quotes. A text with invalid UTF-8 stays within it (U+FFFD is three
// bytes for at least one byte replaced).
constexpr std::size_t json_string_bound(std::size_t size) { return 6 * size + 2; }
// The bytes past its result write_json_string() may overwrite (it stores 16 bytes at a
// time): a buffer needs json_string_bound() plus these.
inline constexpr std::size_t kJsonWriteSlack = 16;

// Writes `text` quoted and escaped, as append_json_string() appends it, at `at`, which
// has room for json_string_bound(text.size()) + kJsonWriteSlack bytes; returns the end of
// what it wrote. The JSON writer of `check` puts a whole diagnostic into one buffer
// sized once, instead of growing a std::string by a few bytes at a time.
char* write_json_string(char* at, std::string_view text);

// A buffer of at least `size` bytes, this thread's, reused from call to call: what
// write_json_string() and the JSON writers write into before appending the bytes used
// to their output. Growing a std::string to such a bound zero-filled every byte of it
// (memset was 13 % of a `check --format json`). Its bytes are left as they were; the
// pointer is valid until the next call on this thread.
char* json_scratch(std::size_t size);

// Appends `text` quoted: `"` and `\` escaped, \b \f \n \r \t by name, other control
// characters as \u00xx, everything else (DEL, UTF-8) as is. Invalid UTF-8 is replaced
// by U+FFFD as dump() with error_handler_t::replace does (source/json_io.h): a JSON
// document never stops half-written over a file name or a cut token. Runs of plain
// text are found a word at a time and appended in one piece.
void append_json_string(std::string& out, std::string_view text);

}  // namespace gpuspec
