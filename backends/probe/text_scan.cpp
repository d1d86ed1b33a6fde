#include "backends/probe/text_scan.h"

#include <charconv>
#include <cmath>

namespace gpuspec::probe {

std::string_view trim(std::string_view text) {
  auto space = [](char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\f' || c == '\v'; };
  while (!text.empty() && space(text.front())) text.remove_prefix(1);
  while (!text.empty() && space(text.back())) text.remove_suffix(1);
  return text;
}

std::string lower(std::string_view text) {
  std::string out(text);
  for (char& c : out) {
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  }
  return out;
}

std::optional<double> parse_number(std::string_view text) {
  text = trim(text);
  if (text.empty() || text.size() > 40) return std::nullopt;
  double value = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value, std::chars_format::fixed);
  if (ec != std::errc() || end != text.data() + text.size() || !std::isfinite(value) || std::abs(value) > 1e18) {
    return std::nullopt;
  }
  return value;
}

std::optional<std::pair<double, std::string>> parse_number_unit(std::string_view text) {
  text = trim(text);
  std::size_t i = 0;
  while (i < text.size() && ((text[i] >= '0' && text[i] <= '9') || text[i] == '.' || (i == 0 && text[i] == '-'))) ++i;
  auto number = parse_number(text.substr(0, i));
  if (!number) return std::nullopt;
  return std::pair{*number, std::string(trim(text.substr(i)))};
}

std::vector<std::string_view> lines_of(std::string_view text, std::size_t max_lines) {
  std::vector<std::string_view> out;
  while (!text.empty() && out.size() < max_lines) {
    auto nl = text.find('\n');
    std::string_view line = text.substr(0, nl);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    out.push_back(line);
    if (nl == std::string_view::npos) break;
    text.remove_prefix(nl + 1);
  }
  return out;
}

std::optional<std::pair<std::string_view, std::string_view>> key_value(std::string_view line, char separator) {
  auto at = line.find(separator);
  if (at == std::string_view::npos) return std::nullopt;
  return std::pair{trim(line.substr(0, at)), trim(line.substr(at + 1))};
}

}  // namespace gpuspec::probe
