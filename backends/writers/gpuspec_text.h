// Pieces of `.gpuspec` text built from outside data — a suggested declaration's region,
// a probed GPU's name — written so that nothing in that data can change the structure
// of the file: a string literal no text can close early, a `#` comment no text can end
// early, an identifier made only of identifier characters. The one place that escapes
// for the language, as hcl_writer.h is for HCL.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace gpuspec::writers {

// A string literal that reads back as `text`: `"` and `\` escaped, `\n` `\r` `\t`, every
// other control and invisible or reordering code point (source/utf8.h is_hidden) as
// `\u{HHHH}`. Bytes that are not UTF-8 become U+FFFD (the file must be UTF-8).
std::string gpuspec_string(std::string_view text);

// Text for the rest of a `#` comment line: one line, printable (source/printable.h),
// at most `max_chars` code points (cut with "..." past that).
std::string comment_text(std::string_view text, std::size_t max_chars = 160);

// A name segment from free text: lower-case letters, digits and `_` ("NVIDIA GeForce
// RTX 3090" -> "nvidia_geforce_rtx_3090"), at most `max_chars` long; `fallback` when
// nothing is left. The result may start with a digit: use it after a dot.
std::string identifier_segment(std::string_view text, std::string_view fallback, std::size_t max_chars = 40);

// True when `name` is a declaration name the language accepts: an identifier with
// optional dotted segments, not a reserved word (docs/language.md).
bool is_declaration_name(std::string_view name);

}  // namespace gpuspec::writers
