#include "diag/render_github.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

namespace gpuspec {

namespace {

std::string_view command_of(Severity severity) {
  switch (severity) {
    case Severity::Error: return "error";
    case Severity::Warning: return "warning";
    case Severity::Info:
    case Severity::Note: return "notice";
  }
  return "notice";
}

}  // namespace

std::string escape_github_data(std::string_view text) {
  std::string out;
  for (char c : text) {
    if (c == '%') out += "%25";
    else if (c == '\r') out += "%0D";
    else if (c == '\n') out += "%0A";
    else out.push_back(c);
  }
  return out;
}

std::string escape_github_property(std::string_view text) {
  std::string out;
  for (char c : escape_github_data(text)) {
    if (c == ':') out += "%3A";
    else if (c == ',') out += "%2C";
    else out.push_back(c);
  }
  return out;
}

std::string render_github(const std::vector<Diagnostic>& diagnostics, const SourceManager& sources) {
  std::string out;
  for (const Diagnostic& d : diagnostics) {
    if (d.suppressed_by) continue;
    std::vector<std::string> properties;
    if (d.range.valid()) {
      LineColumn start = sources.start_of(d.range);
      LineColumn end = sources.end_of(d.range);
      // Exclusive end to inclusive; an empty range marks one column.
      std::uint32_t last_column = (end.line == start.line && end.column <= start.column) || end.column <= 1
                                      ? (end.line == start.line ? start.column : end.column)
                                      : end.column - 1;
      properties.push_back("file=" + escape_github_property(sources.file(d.range.file).path()));
      properties.push_back(fmt::format("line={}", start.line));
      properties.push_back(fmt::format("col={}", start.column));
      properties.push_back(fmt::format("endLine={}", end.line));
      properties.push_back(fmt::format("endColumn={}", last_column));
    }
    properties.push_back("title=" + escape_github_property(d.id));
    std::string message = d.message;
    if (d.hint) message += "\nhelp: " + *d.hint;
    out += fmt::format("::{} {}::{}\n", command_of(d.severity), fmt::join(properties, ","), escape_github_data(message));
  }
  return out;
}

}  // namespace gpuspec
