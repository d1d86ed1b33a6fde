#include "diag/render_text.h"

#include <charconv>
#include <cstdlib>
#include <string_view>

#include <fmt/format.h>
#include <unistd.h>

#include "diag/snippet.h"
#include "diag/text_style.h"
#include "source/printable.h"

namespace gpuspec {
namespace {

// Everything here appends to the one output buffer: per line, fmt::format, printable()
// and paint() temporaries were most of the cost of the default output of a large run.

// Paints what is appended in its scope: `style` before and the reset after, when
// colour is on and there is text to paint (text_style::paint's rule).
class Painted {
 public:
  Painted(std::string& out, std::string_view style, bool color, bool has_text)
      : out_(out), on_(color && has_text && !style.empty()) {
    if (on_) out_.append(style);
  }
  ~Painted() {
    if (on_) out_.append(text_style::kReset);
  }
  Painted(const Painted&) = delete;
  Painted& operator=(const Painted&) = delete;

 private:
  std::string& out_;
  bool on_;
};

void append_number(std::string& out, std::uint32_t value) {
  char digits[16];
  out.append(digits, static_cast<std::size_t>(std::to_chars(digits, digits + sizeof digits, value).ptr - digits));
}

// "path:line:column:"
void append_location(std::string& out, const SourceFile& file, LineColumn start) {
  append_printable(out, file.path());
  out += ':';
  append_number(out, start.line);
  out += ':';
  append_number(out, start.column);
  out += ':';
}

// An indented line under the diagnostic: kSnippetIndent, `label`, the text made printable.
void append_detail(std::string& out, std::string_view label, std::string_view text) {
  out.append(kSnippetIndent);
  out.append(label);
  append_printable(out, text);
  out += '\n';
}

void append_fixit(std::string& out, const SourceManager& sources, const FixIt& fixit) {
  bool is_insertion = fixit.range.begin == fixit.range.end;
  // printable() also keeps a fix-it that inserts a line (`import "..."`) on one line.
  std::string_view shown = fixit.replacement;
  std::string_view label = "fix-it: replace with '";
  if (is_insertion) {
    label = "fix-it: insert '";
  } else if (fixit.replacement.empty() && fixit.range.valid()) {
    label = "fix-it: remove '";
    shown = sources.file(fixit.range.file).slice(fixit.range);
  }
  out.append(kSnippetIndent);
  out.append(label);
  append_printable(out, shown);
  out.append("'\n", 2);
}

// What one diagnostic's rendering looks up once: its file and where its range starts.
// A note at the diagnostic's own range (most located notes) repeats the bytes of its
// location and snippet, so they are copied rather than computed again.
struct Located {
  const SourceFile* file = nullptr;
  LineColumn start;
  std::size_t location_at = 0, location_size = 0;  // "path:line:col:" in the output
  std::size_t snippet_at = 0, snippet_size = 0;    // the snippet in the output
};

void render_located_note(std::string& out, const DiagnosticNote& note, const SourceManager& sources,
                         const Diagnostic& d, const Located& located, bool color) {
  bool same_range = located.file && note.range.file == d.range.file && note.range.begin == d.range.begin &&
                    note.range.end == d.range.end;
  const SourceFile& file = same_range ? *located.file : sources.file(note.range.file);
  LineColumn start = same_range ? located.start : file.line_column(note.range.begin);
  {
    Painted bold(out, text_style::kBold, color, true);
    if (same_range) {
      out.append(out, located.location_at, located.location_size);
    } else {
      append_location(out, file, start);
    }
  }
  out += ' ';
  {
    Painted style(out, text_style::severity_style(Severity::Note), color, true);
    out.append("note:", 5);
  }
  out += ' ';
  append_printable(out, note.message);
  out += '\n';
  if (same_range) {
    out.append(out, located.snippet_at, located.snippet_size);
  } else {
    append_snippet(out, file, note.range, start, color);
  }
}

void render_one(std::string& out, const Diagnostic& d, const SourceManager& sources, bool color) {
  Located located;
  {
    Painted bold(out, text_style::kBold, color, true);
    if (d.range.valid()) {
      located.file = &sources.file(d.range.file);
      located.start = located.file->line_column(d.range.begin);
      located.location_at = out.size();
      append_location(out, *located.file, located.start);
      located.location_size = out.size() - located.location_at;
    } else {
      out.append("gpuspec:", 8);
    }
  }
  out += ' ';
  {
    Painted style(out, text_style::severity_style(d.severity), color, true);
    out.append(severity_name(d.severity));
    out += '[';
    out.append(d.id);
    out.append("]:", 2);
  }
  out += ' ';
  {
    // clang makes the message bold except on notes, which are secondary by nature.
    std::string_view message_style = d.severity == Severity::Note ? std::string_view() : text_style::kBold;
    Painted style(out, message_style, color, !d.message.empty());
    append_printable(out, d.message);
  }
  out += '\n';

  if (located.file) {
    located.snippet_at = out.size();
    append_snippet(out, *located.file, d.range, located.start, color);
    located.snippet_size = out.size() - located.snippet_at;
  }
  for (const FixIt& fixit : d.fixits) append_fixit(out, sources, fixit);
  for (const DiagnosticNote& note : d.notes) {
    if (!note.range.valid()) append_detail(out, "= note: ", note.message);
  }
  if (d.suppressed_by) append_detail(out, "= note: suppressed by waiver: ", *d.suppressed_by);
  if (d.hint) append_detail(out, "help: ", *d.hint);
  for (const DiagnosticNote& note : d.notes) {
    if (note.range.valid()) render_located_note(out, note, sources, d, located, color);
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
