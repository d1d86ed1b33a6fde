#include "diag/render_text.h"

#include <cstdlib>
#include <string_view>

#include <fmt/format.h>
#include <unistd.h>

#include "diag/snippet.h"
#include "diag/text_style.h"
#include "source/printable.h"

namespace gpuspec {
namespace {

using text_style::paint;

std::string location_prefix(const SourceManager& sources, SourceRange range) {
  const SourceFile& file = sources.file(range.file);
  LineColumn start = file.line_column(range.begin);
  return fmt::format("{}:{}:{}:", printable(file.path()), start.line, start.column);
}

std::string describe_fixit(const SourceManager& sources, const FixIt& fixit) {
  bool is_insertion = fixit.range.begin == fixit.range.end;
  // printable() also keeps a fix-it that inserts a line (`import "..."`) on one line.
  if (is_insertion) return fmt::format("fix-it: insert '{}'", printable(fixit.replacement));
  if (fixit.replacement.empty() && fixit.range.valid()) {
    return fmt::format("fix-it: remove '{}'", printable(sources.file(fixit.range.file).slice(fixit.range)));
  }
  return fmt::format("fix-it: replace with '{}'", printable(fixit.replacement));
}

void render_located_note(std::string& out, const DiagnosticNote& note, const SourceManager& sources, bool color) {
  out += fmt::format("{} {} {}\n", paint(location_prefix(sources, note.range), text_style::kBold, color),
                     paint("note:", text_style::severity_style(Severity::Note), color), printable(note.message));
  out += render_snippet(sources, note.range, color);
}

void render_one(std::string& out, const Diagnostic& d, const SourceManager& sources, bool color) {
  std::string where = d.range.valid() ? location_prefix(sources, d.range) : "gpuspec:";
  std::string label = fmt::format("{}[{}]:", severity_name(d.severity), d.id);
  // clang makes the message bold except on notes, which are secondary by nature.
  std::string_view message_style = d.severity == Severity::Note ? std::string_view() : text_style::kBold;
  out += fmt::format("{} {} {}\n", paint(where, text_style::kBold, color),
                     paint(label, text_style::severity_style(d.severity), color),
                     paint(printable(d.message), message_style, color));

  if (d.range.valid()) out += render_snippet(sources, d.range, color);
  for (const FixIt& fixit : d.fixits) out += fmt::format("{}{}\n", kSnippetIndent, describe_fixit(sources, fixit));
  for (const DiagnosticNote& note : d.notes) {
    if (!note.range.valid()) out += fmt::format("{}= note: {}\n", kSnippetIndent, printable(note.message));
  }
  if (d.suppressed_by) out += fmt::format("{}= note: suppressed by waiver: {}\n", kSnippetIndent, printable(*d.suppressed_by));
  if (d.hint) out += fmt::format("{}help: {}\n", kSnippetIndent, printable(*d.hint));
  for (const DiagnosticNote& note : d.notes) {
    if (note.range.valid()) render_located_note(out, note, sources, color);
  }
}

std::string count_phrase(std::size_t count, std::string_view singular) {
  return fmt::format("{} {}{}", count, singular, count == 1 ? "" : "s");
}

}  // namespace

void append_text_diagnostic(std::string& out, const Diagnostic& d, const SourceManager& sources,
                            const TextRenderOptions& options) {
  if (d.suppressed_by && !options.show_suppressed) return;
  render_one(out, d, sources, options.color);
}

std::string render_text(const std::vector<Diagnostic>& diagnostics, const SourceManager& sources,
                        const TextRenderOptions& options) {
  std::string out;
  for (const Diagnostic& d : diagnostics) append_text_diagnostic(out, d, sources, options);
  return out;
}

std::string render_summary(const DiagnosticCounts& counts) {
  std::vector<std::string> parts;
  if (counts.errors > 0) parts.push_back(count_phrase(counts.errors, "error"));
  if (counts.warnings > 0) parts.push_back(count_phrase(counts.warnings, "warning"));
  if (counts.infos > 0) parts.push_back(count_phrase(counts.infos, "info"));
  if (parts.empty()) return {};

  std::string joined = parts.front();
  for (std::size_t i = 1; i < parts.size(); ++i) {
    joined += (i + 1 == parts.size() ? " and " : ", ") + parts[i];
  }
  return joined + " generated.\n";
}

bool should_use_color(int fd, bool no_color_flag) {
  if (no_color_flag) return false;
  const char* no_color = std::getenv("NO_COLOR");
  if (no_color != nullptr && no_color[0] != '\0') return false;
  const char* term = std::getenv("TERM");
  if (term != nullptr && std::string_view(term) == "dumb") return false;
  return isatty(fd) == 1;
}

}  // namespace gpuspec
