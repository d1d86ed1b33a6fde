// One diagnostic model for every stage: syntax, sema, policies and backends
// all report through DiagnosticEngine, and every renderer reads the same records.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "source/source.h"

namespace gpuspec {

enum class Severity { Error, Warning, Info, Note };

std::string_view severity_name(Severity severity);  // "error", "warning", "info", "note"
std::optional<Severity> parse_severity(std::string_view text);
// error 3, warning 2, info 1, note 0: for "at or above --fail-on".
int severity_rank(Severity severity);

struct FixIt {
  SourceRange range;        // text to replace (empty range = insertion)
  std::string replacement;
};

struct DiagnosticNote {
  std::string message;
  SourceRange range;        // may be invalid for a note without a location
};

struct Diagnostic {
  std::string id;           // stable, e.g. "syntax", "unknown-unit", "memory.ram-2x-vram"
  Severity severity = Severity::Error;
  std::string message;      // lowercase, no final period (clang style)
  std::optional<std::string> hint;   // rendered as "help: ..."
  SourceRange range;        // primary location; invalid for file-less diagnostics
  std::string declaration;  // the enclosing declaration's name, or empty
  std::vector<DiagnosticNote> notes;
  std::vector<FixIt> fixits;
  // Set by waivers: the finding is kept (JSON/SARIF show it as suppressed) but
  // does not count towards the exit code or the text output.
  std::optional<std::string> suppressed_by;
  // Suppressed from outside the source (a baseline file) rather than by a waiver in it.
  bool suppressed_externally = false;
};

// Collects diagnostics. Stages never print; the driver renders at the end.
class DiagnosticEngine {
 public:
  Diagnostic& report(std::string id, Severity severity, SourceRange range, std::string message);
  Diagnostic& error(std::string id, SourceRange range, std::string message) {
    return report(std::move(id), Severity::Error, range, std::move(message));
  }

  const std::vector<Diagnostic>& diagnostics() const { return diagnostics_; }
  std::vector<Diagnostic>& diagnostics() { return diagnostics_; }
  std::size_t error_count() const;
  bool has_errors() const { return error_count() > 0; }

  // Sorts by file, then position, then id, so output is deterministic.
  void sort(const SourceManager& sources);

 private:
  std::vector<Diagnostic> diagnostics_;
};

}  // namespace gpuspec
