// Counts of reported findings by severity, shared by the text summary line and
// the JSON summary so both always agree on what "an error" is.
#pragma once

#include <cstddef>
#include <vector>

#include "diag/diagnostic.h"

namespace gpuspec {

struct DiagnosticCounts {
  std::size_t errors = 0;
  std::size_t warnings = 0;
  std::size_t infos = 0;

  bool operator==(const DiagnosticCounts&) const = default;
  DiagnosticCounts& operator+=(const DiagnosticCounts& other) {
    errors += other.errors;
    warnings += other.warnings;
    infos += other.infos;
    return *this;
  }
};

// Suppressed diagnostics (waived findings) are not counted: they do not affect the
// exit code either. Diagnostics whose own severity is Note are not counted.
DiagnosticCounts count_diagnostics(const std::vector<Diagnostic>& diagnostics);

}  // namespace gpuspec
