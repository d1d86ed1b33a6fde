#include "diag/render_github.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "source/printable.h"

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
  // Line breaks are the runner's own escapes (a message may span lines in the
  // annotation); every other control character is shown as text, as in `text` output.
  std::string out;
  std::size_t start = 0;
  while (start <= text.size()) {
    std::size_t end = text.find_first_of("\r\n", start);
    if (end == std::string_view::npos) end = text.size();
    for (char c : printable(text.substr(start, end - start))) {
      if (c == '%') out += "%25";
      else out.push_back(c);
    }
    if (end < text.size()) out += text[end] == '\r' ? "%0D" : "%0A";
    start = end + 1;
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
  for (const Diagnostic& d : diagnostics) append_github_annotation(out, d, sources);
  return out;
}

void append_github_annotation(std::string& out, const Diagnostic& d, const SourceManager& sources) {
  if (d.suppressed_by) return;
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

}  // namespace gpuspec
