#include "diag/diagnostic_counts.h"

namespace gpuspec {

DiagnosticCounts count_diagnostics(const std::vector<Diagnostic>& diagnostics) {
  DiagnosticCounts counts;
  for (const Diagnostic& d : diagnostics) {
    if (d.suppressed_by) continue;
    switch (d.severity) {
      case Severity::Error: ++counts.errors; break;
      case Severity::Warning: ++counts.warnings; break;
      case Severity::Info: ++counts.infos; break;
      case Severity::Note: break;
    }
  }
  return counts;
}

}  // namespace gpuspec
