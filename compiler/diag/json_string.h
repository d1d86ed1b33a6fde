// A JSON string exactly as nlohmann's dump() writes it (ensure_ascii off), appended to a
// buffer without building a JSON value: the JSON writers of `check` and the renderer's
// tests share it, so hand-written output stays the DOM's bytes.
#pragma once

#include <string>
#include <string_view>

namespace gpuspec {

// Appends `text` quoted: `"` and `\` escaped, \b \f \n \r \t by name, other control
// characters as \u00xx, everything else (DEL, UTF-8) as is. Invalid UTF-8 is replaced
// by U+FFFD as dump() with error_handler_t::replace does (source/json_io.h): a JSON
// document never stops half-written over a file name or a cut token. Runs of plain
// text are found a word at a time and appended in one piece.
void append_json_string(std::string& out, std::string_view text);

}  // namespace gpuspec
