#include "diag/diagnostic_counts.h"

namespace gpuspec {

void DiagnosticCounts::add(Severity severity, std::string_view id) {
  switch (severity) {
    case Severity::Error: ++errors; break;
    case Severity::Warning: ++warnings; break;
    case Severity::Info: {
      ++infos;
      auto it = infos_by_rule.find(id);
      if (it == infos_by_rule.end()) it = infos_by_rule.emplace(std::string(id), 0).first;
      ++it->second;
      break;
    }
    case Severity::Note: break;
  }
}

DiagnosticCounts count_diagnostics(const std::vector<Diagnostic>& diagnostics) {
  DiagnosticCounts counts;
  for (const Diagnostic& d : diagnostics) {
    if (!d.suppressed_by) counts.add(d.severity, d.id);
  }
  return counts;
}

}  // namespace gpuspec
