// Decoding of literal text (numbers, unit suffixes, string escapes); no ANTLR here.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace gpuspec::syntax {

// Splits `80GB`, `1.5e3MB/s`, `60%` into the number text and the suffix text.
struct NumberWithSuffix {
  std::string_view number;
  std::string_view suffix;
};
NumberWithSuffix split_number_suffix(std::string_view text);

// `24x7`, `8x5`: hours x days, the symbol `uptime = 24x7` names (docs/language.md), not the
// number 24 with the unit `x7` (no unit starts with `x`). Digits, `x`, digits, nothing else.
bool is_schedule_symbol(std::string_view text);

// strtod with range checking: nullopt when the value does not fit a double.
std::optional<double> parse_number(std::string_view text);

struct StringError {
  std::size_t offset;  // byte offset inside the literal text (including the quote)
  std::size_t length;
  std::string message;
};

// Decodes a "..." literal (quotes included in `literal`): \" \\ \n \r \t \u{hex}.
// On a bad escape returns the error instead.
struct DecodedString {
  std::string value;
  std::optional<StringError> error;
};
DecodedString decode_string(std::string_view literal);

// A """...""" literal: taken verbatim, without the first newline and with the
// indentation common to all non-blank lines removed (like Kotlin's trimIndent).
std::string decode_triple_string(std::string_view literal);

}  // namespace gpuspec::syntax
