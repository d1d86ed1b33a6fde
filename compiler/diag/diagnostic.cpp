#include "diag/diagnostic.h"

#include <algorithm>
#include <tuple>

namespace gpuspec {

std::string_view severity_name(Severity severity) {
  switch (severity) {
    case Severity::Error: return "error";
    case Severity::Warning: return "warning";
    case Severity::Info: return "info";
    case Severity::Note: return "note";
  }
  return "error";
}

int severity_rank(Severity severity) {
  switch (severity) {
    case Severity::Error: return 3;
    case Severity::Warning: return 2;
    case Severity::Info: return 1;
    case Severity::Note: return 0;
  }
  return 0;
}

std::optional<Severity> parse_severity(std::string_view text) {
  if (text == "error") return Severity::Error;
  if (text == "warning") return Severity::Warning;
  if (text == "info") return Severity::Info;
  if (text == "note") return Severity::Note;
  return std::nullopt;
}

Diagnostic& DiagnosticEngine::report(std::string id, Severity severity, SourceRange range, std::string message) {
  Diagnostic d;
  d.id = std::move(id);
  d.severity = severity;
  d.range = range;
  d.message = std::move(message);
  diagnostics_.push_back(std::move(d));
  return diagnostics_.back();
}

std::size_t DiagnosticEngine::error_count() const {
  return static_cast<std::size_t>(std::count_if(diagnostics_.begin(), diagnostics_.end(), [](const Diagnostic& d) {
    return d.severity == Severity::Error && !d.suppressed_by;
  }));
}

void DiagnosticEngine::sort(const SourceManager& sources) {
  auto key = [&](const Diagnostic& d) {
    std::string path = d.range.valid() ? sources.file(d.range.file).path() : std::string();
    return std::make_tuple(path, d.range.begin, d.range.end, d.id, d.message);
  };
  std::stable_sort(diagnostics_.begin(), diagnostics_.end(),
                   [&](const Diagnostic& a, const Diagnostic& b) { return key(a) < key(b); });
}

}  // namespace gpuspec
