#include "diag/diagnostic.h"

#include <fmt/format.h>

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
  if (range.valid() && ++per_file_[range.file] > kMaxDiagnosticsPerFile) return drop(range.file, severity);
  Diagnostic d;
  d.id = std::move(id);
  d.severity = severity;
  d.range = range;
  d.message = std::move(message);
  diagnostics_.push_back(std::move(d));
  return diagnostics_.back();
}

Diagnostic& DiagnosticEngine::drop(FileId file, Severity severity) {
  Dropped& dropped = dropped_[file];
  (severity == Severity::Error ? dropped.errors : severity == Severity::Warning ? dropped.warnings : dropped.infos) += 1;
  Severity highest = dropped.errors ? Severity::Error : dropped.warnings ? Severity::Warning : Severity::Info;
  std::string message = fmt::format(
      "too many diagnostics in this file: {} more were not shown ({} errors, {} warnings, {} infos)",
      dropped.errors + dropped.warnings + dropped.infos, dropped.errors, dropped.warnings, dropped.infos);
  bool present = dropped.summary < diagnostics_.size() && diagnostics_[dropped.summary].id == "too-many-diagnostics" &&
                 diagnostics_[dropped.summary].range.file == file;
  if (!present) {
    Diagnostic summary;
    summary.id = "too-many-diagnostics";
    summary.range = {file, 0, 0};
    summary.hint = fmt::format("the first {} are shown; fix those first", kMaxDiagnosticsPerFile);
    diagnostics_.push_back(std::move(summary));
    dropped.summary = diagnostics_.size() - 1;
  }
  diagnostics_[dropped.summary].severity = highest;
  diagnostics_[dropped.summary].message = std::move(message);
  discarded_ = Diagnostic{};
  return discarded_;
}

std::size_t DiagnosticEngine::error_count() const {
  return static_cast<std::size_t>(std::count_if(diagnostics_.begin(), diagnostics_.end(), [](const Diagnostic& d) {
    return d.severity == Severity::Error && !d.suppressed_by;
  }));
}

void DiagnosticEngine::sort(const SourceManager& sources) {
  // The order of the tuple (path, begin, end, id, message), compared in place: building
  // that tuple copied the path, id and message twice per comparison.
  static const std::string no_path;
  auto path_of = [&](const Diagnostic& d) -> const std::string& {
    return d.range.valid() ? sources.file(d.range.file).path() : no_path;
  };
  std::stable_sort(diagnostics_.begin(), diagnostics_.end(), [&](const Diagnostic& a, const Diagnostic& b) {
    if (a.range.file != b.range.file || a.range.valid() != b.range.valid()) {
      if (int c = path_of(a).compare(path_of(b))) return c < 0;
    }
    if (a.range.begin != b.range.begin) return a.range.begin < b.range.begin;
    if (a.range.end != b.range.end) return a.range.end < b.range.end;
    if (int c = a.id.compare(b.id)) return c < 0;
    return a.message < b.message;
  });
}

}  // namespace gpuspec
