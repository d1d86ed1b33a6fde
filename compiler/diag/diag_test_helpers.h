// Test-only helpers: locate ranges by the text they cover, so tests state
// positions as "the GBs on line 2" instead of hand-computed byte offsets.
#pragma once

#include <stdexcept>
#include <string>
#include <string_view>

#include "diag/diagnostic.h"
#include "source/source.h"

namespace gpuspec::testing {

// The range of the n-th (0-based) occurrence of `needle` in the file.
inline SourceRange range_of(const SourceFile& file, std::string_view needle, int occurrence = 0) {
  std::size_t pos = file.text().find(needle);
  for (int i = 0; i < occurrence && pos != std::string::npos; ++i) pos = file.text().find(needle, pos + 1);
  if (pos == std::string::npos) throw std::logic_error("test text does not contain " + std::string(needle));
  return {file.id(), static_cast<std::uint32_t>(pos), static_cast<std::uint32_t>(pos + needle.size())};
}

inline Diagnostic make_diagnostic(std::string id, Severity severity, SourceRange range, std::string message) {
  Diagnostic d;
  d.id = std::move(id);
  d.severity = severity;
  d.range = range;
  d.message = std::move(message);
  return d;
}

}  // namespace gpuspec::testing
