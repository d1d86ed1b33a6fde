#include "diag/render_github.h"

#include <charconv>

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

// Appends `text` escaped as message data, or (`property`) as a property value: the
// property escapes apply after the data escapes, which produce no `:` or `,`, so one
// pass does both.
void append_escaped(std::string& out, std::string_view text, bool property) {
  // Line breaks are the runner's own escapes (a message may span lines in the
  // annotation); every other control character is shown as text, as in `text` output.
  std::string shown;
  std::size_t start = 0;
  while (start <= text.size()) {
    std::size_t end = text.find_first_of("\r\n", start);
    if (end == std::string_view::npos) end = text.size();
    shown.clear();
    append_printable(shown, text.substr(start, end - start));
    std::size_t plain_from = 0;
    for (std::size_t i = 0; i < shown.size(); ++i) {
      char c = shown[i];
      std::string_view escape = c == '%' ? "%25" : property && c == ':' ? "%3A" : property && c == ',' ? "%2C" : "";
      if (escape.empty()) continue;
      out.append(shown, plain_from, i - plain_from);
      out.append(escape);
      plain_from = i + 1;
    }
    out.append(shown, plain_from, shown.size() - plain_from);
    if (end < text.size()) out.append(text[end] == '\r' ? "%0D" : "%0A");
    start = end + 1;
  }
}

void append_number(std::string& out, std::uint32_t value) {
  char digits[16];
  out.append(digits, static_cast<std::size_t>(std::to_chars(digits, digits + sizeof digits, value).ptr - digits));
}

}  // namespace

void append_github_annotation(std::string& out, const Diagnostic& d, const SourceManager& sources) {
  if (d.suppressed_by) return;
  out.append("::");
  out.append(command_of(d.severity));
  out += ' ';
  if (d.range.valid()) {
    const SourceFile& file = sources.file(d.range.file);
    LineColumn start = file.line_column(d.range.begin);
    LineColumn end = file.line_column(d.range.end);
    // Exclusive end to inclusive; an empty range marks one column.
    std::uint32_t last_column = (end.line == start.line && end.column <= start.column) || end.column <= 1
                                    ? (end.line == start.line ? start.column : end.column)
                                    : end.column - 1;
    out.append("file=");
    append_escaped(out, file.path(), true);
    out.append(",line=");
    append_number(out, start.line);
    out.append(",col=");
    append_number(out, start.column);
    out.append(",endLine=");
    append_number(out, end.line);
    out.append(",endColumn=");
    append_number(out, last_column);
    out += ',';
  }
  out.append("title=");
  append_escaped(out, d.id, true);
  out.append("::");
  if (d.hint) {
    append_escaped(out, d.message + "\nhelp: " + *d.hint, false);
  } else {
    append_escaped(out, d.message, false);
  }
  out += '\n';
}

}  // namespace gpuspec
