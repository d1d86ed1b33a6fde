#include "backends/probe/spec_text.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "backends/writers/gpuspec_text.h"

namespace gpuspec::probe {

std::string number_text(double value, int max_decimals) {
  if (value == std::floor(value) && std::abs(value) < 1e15) return fmt::format("{}", static_cast<long long>(value));
  std::string text = fmt::format("{:.{}f}", value, max_decimals);
  while (!text.empty() && text.back() == '0') text.pop_back();
  if (!text.empty() && text.back() == '.') text.pop_back();
  return text;
}

std::string mib_text(double mib) { return number_text(mib) + " MiB"; }

std::string bytes_text(double bytes) {
  constexpr double kGiB = 1024.0 * 1024 * 1024, kMiB = 1024.0 * 1024;
  if (bytes >= kGiB && std::fmod(bytes, kGiB) == 0) return number_text(bytes / kGiB) + " GiB";
  if (bytes >= 1e12 && std::fmod(bytes, 1e10) == 0) return number_text(bytes / 1e12) + " TB";
  if (bytes >= 1e9 && std::fmod(bytes, 1e7) == 0) return number_text(bytes / 1e9) + " GB";
  if (bytes >= kMiB && std::fmod(bytes, kMiB) == 0) return number_text(bytes / kMiB) + " MiB";
  return number_text(bytes / 1e9, 9) + " GB";
}

std::string property_line(std::string_view key, std::string_view value, std::string_view comment) {
  std::string line = fmt::format("{} = {}", key, value);
  if (!comment.empty()) line += "  # " + writers::comment_text(comment, 240);
  return line;
}

std::string comment_line(std::string_view text) { return "# " + writers::comment_text(text, 240); }

std::string PartNames::next(std::string_view kind, std::string_view description) {
  std::string base = fmt::format("{}.{}_{}", server_, kind, writers::identifier_segment(description, "unknown"));
  std::string name = base;
  for (int n = 2; std::find(taken_.begin(), taken_.end(), name) != taken_.end(); ++n) name = fmt::format("{}_{}", base, n);
  taken_.push_back(name);
  return name;
}

}  // namespace gpuspec::probe
