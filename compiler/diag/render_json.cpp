#include "diag/render_json.h"

#include <algorithm>
#include <charconv>
#include <cstring>
#include <sstream>
#include <string>
#include <string_view>

#include "diag/diagnostic_counts.h"
#include "diag/json_string.h"

namespace gpuspec {
namespace {

using Json = nlohmann::ordered_json;

Json position_json(LineColumn position) { return Json{{"line", position.line}, {"column", position.column}}; }

Json range_json(const SourceManager& sources, SourceRange range) {
  if (!range.valid()) return nullptr;
  return Json{{"start", position_json(sources.start_of(range))}, {"end", position_json(sources.end_of(range))}};
}

Json file_json(const SourceManager& sources, SourceRange range) {
  if (!range.valid()) return nullptr;
  return sources.file(range.file).path();
}

Json note_json(const DiagnosticNote& note, const SourceManager& sources) {
  return Json{{"message", note.message}, {"file", file_json(sources, note.range)}, {"range", range_json(sources, note.range)}};
}

Json diagnostic_json(const Diagnostic& d, const SourceManager& sources) {
  Json out;
  out["id"] = d.id;
  out["severity"] = std::string(severity_name(d.severity));
  out["message"] = d.message;
  out["hint"] = d.hint ? Json(*d.hint) : Json(nullptr);
  out["file"] = file_json(sources, d.range);
  out["range"] = range_json(sources, d.range);
  out["declaration"] = d.declaration.empty() ? Json(nullptr) : Json(d.declaration);
  out["notes"] = Json::array();
  for (const DiagnosticNote& note : d.notes) out["notes"].push_back(note_json(note, sources));
  if (!d.fixits.empty()) {
    Json fixits = Json::array();
    for (const FixIt& fixit : d.fixits) {
      fixits.push_back(Json{{"range", range_json(sources, fixit.range)}, {"replacement", fixit.replacement}});
    }
    out["fixits"] = std::move(fixits);
  }
  if (d.suppressed_by) out["suppressed"] = Json{{"kind", "waiver"}, {"justification", *d.suppressed_by}};
  return out;
}

// The hand-written writer below produces the bytes `diagnostic_json(d).dump(2)` would,
// nested `depth` spaces deep, without building the DOM: the DOM (a map per object, a
// copy of every string) was ~15 % of a `check --format json` run. render_json_test
// compares the two on every shape and on text that must be escaped.

// Whitespace, keys and positions go through a small stack buffer and reach `out` in
// one append, and a range's positions are computed once for a diagnostic and the notes
// that share its range (most do): per field, std::string calls and std::to_string
// temporaries were most of the writer's time after escaping.
class Fragment {
 public:
  static constexpr std::size_t kCapacity = 192;

  explicit Fragment(std::string& out) : out_(out) {}
  ~Fragment() { flush(); }
  Fragment(const Fragment&) = delete;
  Fragment& operator=(const Fragment&) = delete;

  void add(std::string_view text) {
    if (text.size() > kCapacity - used_) {
      flush();
      if (text.size() > kCapacity) {
        out_.append(text);
        return;
      }
    }
    std::memcpy(buffer_ + used_, text.data(), text.size());
    used_ += text.size();
  }
  void add(char c) {
    if (used_ == kCapacity) flush();
    buffer_[used_++] = c;
  }
  void spaces(std::size_t count) {
    while (count > 0) {
      if (used_ == kCapacity) flush();
      std::size_t n = std::min(count, kCapacity - used_);
      std::memset(buffer_ + used_, ' ', n);
      used_ += n;
      count -= n;
    }
  }
  void number(std::uint64_t value) {
    if (kCapacity - used_ < 20) flush();
    used_ = static_cast<std::size_t>(std::to_chars(buffer_ + used_, buffer_ + kCapacity, value).ptr - buffer_);
  }
  // `"key": ` on a new line `depth` deep (`quoted_key` is `"key": ` itself); `first`
  // says whether a comma closes the member before.
  void key(std::string_view quoted_key, std::size_t depth, bool first = false) {
    add(first ? std::string_view("\n") : std::string_view(",\n"));
    spaces(depth);
    add(quoted_key);
  }
  // Closes an object or array opened `depth` deep.
  void close(char bracket, std::size_t depth) {
    add('\n');
    spaces(depth);
    add(bracket);
  }
  // `out` with everything buffered written: text that needs escaping goes there directly.
  std::string& flushed() {
    flush();
    return out_;
  }

 private:
  void flush() {
    out_.append(buffer_, used_);
    used_ = 0;
  }

  std::string& out_;
  char buffer_[kCapacity];
  std::size_t used_ = 0;
};

struct RangePositions {
  LineColumn start, end;
};

RangePositions positions_of(const SourceFile& file, SourceRange range) {
  return {file.line_column(range.begin), file.line_column(range.end)};
}

void append_position(Fragment& out, LineColumn position, std::size_t depth) {
  out.add('{');
  out.key("\"line\": ", depth + 2, true);
  out.number(position.line);
  out.key("\"column\": ", depth + 2);
  out.number(position.column);
  out.close('}', depth);
}

void append_positions(Fragment& out, const RangePositions& positions, std::size_t depth) {
  out.add('{');
  out.key("\"start\": ", depth + 2, true);
  append_position(out, positions.start, depth + 2);
  out.key("\"end\": ", depth + 2);
  append_position(out, positions.end, depth + 2);
  out.close('}', depth);
}

// One diagnostic's writing, with what it looks up once: its file, its range's
// positions, and where its file's path, escaped, already stands in the output.
class DiagnosticWriter {
 public:
  DiagnosticWriter(std::string& out, const Diagnostic& d, const SourceManager& sources)
      : fragment_(out), d_(d), sources_(sources) {
    if (d.range.valid()) {
      file_ = &sources.file(d.range.file);
      positions_ = positions_of(*file_, d.range);
    }
  }

  Fragment& fragment() { return fragment_; }

  void string(std::string_view text) { append_json_string(fragment_.flushed(), text); }

  // "path" or null for `range`'s file.
  void file(SourceRange range) {
    if (!range.valid()) {
      fragment_.add("null");
      return;
    }
    if (!file_ || range.file != d_.range.file) {
      string(sources_.file(range.file).path());
      return;
    }
    std::string& out = fragment_.flushed();
    if (path_length_ == 0) {
      std::size_t at = out.size();
      append_json_string(out, file_->path());
      path_at_ = at;
      path_length_ = out.size() - at;
    } else {
      out.append(out, path_at_, path_length_);  // the same path, escaped once
    }
  }

  void range(SourceRange range, std::size_t depth) {
    if (!range.valid()) {
      fragment_.add("null");
      return;
    }
    if (file_ && range.file == d_.range.file && range.begin == d_.range.begin && range.end == d_.range.end) {
      append_positions(fragment_, positions_, depth);
    } else {
      append_positions(fragment_, positions_of(sources_.file(range.file), range), depth);
    }
  }

 private:
  Fragment fragment_;
  const Diagnostic& d_;
  const SourceManager& sources_;
  const SourceFile* file_ = nullptr;
  RangePositions positions_;
  std::size_t path_at_ = 0;
  std::size_t path_length_ = 0;  // 0: not written yet (quoted, a path is 2 bytes or more)
};

void append_note(DiagnosticWriter& w, const DiagnosticNote& note, std::size_t depth) {
  Fragment& out = w.fragment();
  out.add('{');
  out.key("\"message\": ", depth + 2, true);
  w.string(note.message);
  out.key("\"file\": ", depth + 2);
  w.file(note.range);
  out.key("\"range\": ", depth + 2);
  w.range(note.range, depth + 2);
  out.close('}', depth);
}

void append_fixit(DiagnosticWriter& w, const FixIt& fixit, std::size_t depth) {
  Fragment& out = w.fragment();
  out.add('{');
  out.key("\"range\": ", depth + 2, true);
  w.range(fixit.range, depth + 2);
  out.key("\"replacement\": ", depth + 2);
  w.string(fixit.replacement);
  out.close('}', depth);
}

// A non-empty array of `items`, each written by `item(writer, element, depth)`.
template <typename T, typename Write>
void append_array(DiagnosticWriter& w, const std::vector<T>& items, std::size_t depth, Write item) {
  Fragment& out = w.fragment();
  if (items.empty()) {
    out.add("[]");
    return;
  }
  out.add('[');
  for (std::size_t i = 0; i < items.size(); ++i) {
    out.add(i ? std::string_view(",\n") : std::string_view("\n"));
    out.spaces(depth + 2);
    item(w, items[i], depth + 2);
  }
  out.close(']', depth);
}

}  // namespace

void append_diagnostic_json(std::string& out, const Diagnostic& d, const SourceManager& sources, std::size_t depth) {
  const std::size_t inner = depth + 2;
  DiagnosticWriter w(out, d, sources);
  Fragment& f = w.fragment();
  f.add('{');
  f.key("\"id\": ", inner, true);
  w.string(d.id);
  f.key("\"severity\": ", inner);
  f.add('"');
  f.add(severity_name(d.severity));
  f.add('"');
  f.key("\"message\": ", inner);
  w.string(d.message);
  f.key("\"hint\": ", inner);
  if (d.hint) {
    w.string(*d.hint);
  } else {
    f.add("null");
  }
  f.key("\"file\": ", inner);
  w.file(d.range);
  f.key("\"range\": ", inner);
  w.range(d.range, inner);
  f.key("\"declaration\": ", inner);
  if (d.declaration.empty()) {
    f.add("null");
  } else {
    w.string(d.declaration);
  }
  f.key("\"notes\": ", inner);
  append_array(w, d.notes, inner, append_note);
  if (!d.fixits.empty()) {
    f.key("\"fixits\": ", inner);
    append_array(w, d.fixits, inner, append_fixit);
  }
  if (d.suppressed_by) {
    f.key("\"suppressed\": ", inner);
    f.add('{');
    f.key("\"kind\": ", inner + 2, true);
    f.add("\"waiver\"");
    f.key("\"justification\": ", inner + 2);
    w.string(*d.suppressed_by);
    f.close('}', inner);
  }
  f.close('}', depth);
}

void write_nested_json(std::ostream& out, const Json& json, std::size_t depth) {
  std::string text = json.dump(2);
  std::string pad(depth, ' ');
  std::size_t from = 0;
  for (std::size_t nl = text.find('\n'); nl != std::string::npos; nl = text.find('\n', from)) {
    out.write(text.data() + from, static_cast<std::streamsize>(nl + 1 - from));
    out << pad;
    from = nl + 1;
  }
  out.write(text.data() + from, static_cast<std::streamsize>(text.size() - from));
}

void JsonDiagnosticsWriter::emit(std::string_view text) {
  if (buffer_) {
    buffer_->append(text);
  } else {
    stream_->write(text.data(), static_cast<std::streamsize>(text.size()));
  }
}

void JsonDiagnosticsWriter::begin() {
  if (started_) return;
  emit("{\n  \"version\": ");
  emit(std::to_string(kDiagnosticsJsonVersion));
  emit(",\n  \"diagnostics\": [");
  started_ = true;
}

void JsonDiagnosticsWriter::add(const std::vector<Diagnostic>& diagnostics, const SourceManager& sources) {
  begin();
  std::string text;
  for (const Diagnostic& d : diagnostics) {
    text.clear();
    append_diagnostic_json(text, d, sources, 4);
    add_rendered(text);
  }
}

void JsonDiagnosticsWriter::add_rendered(std::string_view diagnostic) {
  begin();
  emit(written_ ? std::string_view(",\n    ") : std::string_view("\n    "));
  emit(diagnostic);
  ++written_;
}

void JsonDiagnosticsWriter::finish(std::size_t file_count, const DiagnosticCounts& counts) {
  Json summary{{"files", file_count}, {"errors", counts.errors}, {"warnings", counts.warnings}, {"infos", counts.infos}};
  if (!started_) {
    emit("{\n  \"summary\": ");
  } else {
    emit(written_ ? std::string_view("\n  ],\n  \"summary\": ") : std::string_view("],\n  \"summary\": "));
  }
  std::ostringstream nested;
  write_nested_json(nested, summary, 2);
  emit(nested.str());
  emit("\n}");
}

nlohmann::ordered_json diagnostics_to_json(const std::vector<Diagnostic>& diagnostics, const SourceManager& sources,
                                           std::size_t file_count) {
  Json list = Json::array();
  for (const Diagnostic& d : diagnostics) list.push_back(diagnostic_json(d, sources));

  DiagnosticCounts counts = count_diagnostics(diagnostics);
  Json out;
  out["version"] = kDiagnosticsJsonVersion;
  out["diagnostics"] = std::move(list);
  out["summary"] = Json{{"files", file_count}, {"errors", counts.errors}, {"warnings", counts.warnings}, {"infos", counts.infos}};
  return out;
}

}  // namespace gpuspec
