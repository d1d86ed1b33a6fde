// Counts of reported findings by severity, shared by the text summary line and
// the JSON summary so both always agree on what "an error" is.
#pragma once

#include <cstddef>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "diag/diagnostic.h"

namespace gpuspec {

struct DiagnosticCounts {
  std::size_t errors = 0;
  std::size_t warnings = 0;
  std::size_t infos = 0;
  // The infos by id: text output shows them as one line unless --verbose.
  std::map<std::string, std::size_t, std::less<>> infos_by_rule;

  bool operator==(const DiagnosticCounts&) const = default;
  DiagnosticCounts& operator+=(const DiagnosticCounts& other) {
    errors += other.errors;
    warnings += other.warnings;
    infos += other.infos;
    for (const auto& [id, count] : other.infos_by_rule) infos_by_rule[id] += count;
    return *this;
  }
  // Counts one unsuppressed diagnostic (a note is not counted).
  void add(Severity severity, std::string_view id);
};

// Suppressed diagnostics (waived findings) are not counted: they do not affect the
// exit code either. Diagnostics whose own severity is Note are not counted.
DiagnosticCounts count_diagnostics(const std::vector<Diagnostic>& diagnostics);

}  // namespace gpuspec
