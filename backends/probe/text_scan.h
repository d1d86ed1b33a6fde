// Small helpers every tool-output parser shares: trimming, numbers that must be numbers,
// "key: value" lines. They never throw and accept nothing they cannot fully read.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace gpuspec::probe {

std::string_view trim(std::string_view text);
std::string lower(std::string_view text);

// A whole decimal number ("3200", "2300.0000", " 12 "); nullopt for anything else
// (empty, "N/A", "12abc", NaN, infinities, values past 1e18).
std::optional<double> parse_number(std::string_view text);

// A number followed by an optional unit, split: "81920 MiB" -> {81920, "MiB"},
// "500.00 W" -> {500, "W"}, "16x" -> {16, "x"}.
std::optional<std::pair<double, std::string>> parse_number_unit(std::string_view text);

// The lines of `text` (\n, \r\n), at most `max_lines`.
std::vector<std::string_view> lines_of(std::string_view text, std::size_t max_lines = 1'000'000);

// "Key: value" (the first ':'), both trimmed; nullopt for a line without one.
std::optional<std::pair<std::string_view, std::string_view>> key_value(std::string_view line, char separator = ':');

}  // namespace gpuspec::probe
