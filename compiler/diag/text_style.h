// ANSI styles for terminal diagnostics, chosen to look like clang's output.
// Kept in one place so the text renderer and the snippet renderer agree.
#pragma once

#include <string>
#include <string_view>

#include "diag/diagnostic.h"

namespace gpuspec::text_style {

inline constexpr std::string_view kReset = "\x1b[0m";
inline constexpr std::string_view kBold = "\x1b[1m";
inline constexpr std::string_view kBoldRed = "\x1b[1;31m";
inline constexpr std::string_view kBoldGreen = "\x1b[1;32m";
inline constexpr std::string_view kBoldMagenta = "\x1b[1;35m";
inline constexpr std::string_view kBoldCyan = "\x1b[1;36m";

inline std::string_view severity_style(Severity severity) {
  switch (severity) {
    case Severity::Error: return kBoldRed;
    case Severity::Warning: return kBoldMagenta;
    case Severity::Info:
    case Severity::Note: return kBoldCyan;
  }
  return kBold;
}

// Wraps text in a style when colour is on; plain text otherwise, so callers
// never branch on the colour flag themselves.
inline std::string paint(std::string_view text, std::string_view style, bool color) {
  std::string out;
  if (!color || text.empty() || style.empty()) return out.append(text);
  out.reserve(style.size() + text.size() + kReset.size());
  return out.append(style).append(text).append(kReset);
}

}  // namespace gpuspec::text_style
