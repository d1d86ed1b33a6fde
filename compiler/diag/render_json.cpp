#include "diag/render_json.h"

#include <string>
#include <string_view>

#include "diag/diagnostic_counts.h"

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

void append_indent(std::string& out, std::size_t depth) { out.append(depth, ' '); }

// A JSON string as nlohmann's dump() writes it (ensure_ascii off): `"` and `\` escaped,
// \b \f \n \r \t by name, other control characters as \u00xx, everything else as is.
// Text with bytes above 0x7F goes through nlohmann itself, which also rejects invalid
// UTF-8 exactly as the DOM did.
void append_json_string(std::string& out, std::string_view text) {
  for (unsigned char c : text) {
    if (c >= 0x80) {
      out += Json(std::string(text)).dump();
      return;
    }
  }
  out += '"';
  std::size_t plain_from = 0;
  auto flush = [&](std::size_t to) { out.append(text.data() + plain_from, to - plain_from); };
  for (std::size_t i = 0; i < text.size(); ++i) {
    unsigned char c = static_cast<unsigned char>(text[i]);
    if (c >= 0x20 && c != '"' && c != '\\') continue;
    flush(i);
    plain_from = i + 1;
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\b': out += "\\b"; break;
      case '\f': out += "\\f"; break;
      case '\n': out += "\\n"; break;
      case '\r': out += "\\r"; break;
      case '\t': out += "\\t"; break;
      default: {
        static constexpr char kHex[] = "0123456789abcdef";
        out += "\\u00";
        out += kHex[c >> 4];
        out += kHex[c & 0xf];
      }
    }
  }
  flush(text.size());
  out += '"';
}

// `"key": ` on a new line `depth` deep; `first` says whether a comma closes the member before.
void append_key(std::string& out, std::string_view key, std::size_t depth, bool first = false) {
  out += first ? "\n" : ",\n";
  append_indent(out, depth);
  out += '"';
  out += key;
  out += "\": ";
}

void append_position(std::string& out, LineColumn position, std::size_t depth) {
  out += '{';
  append_key(out, "line", depth + 2, true);
  out += std::to_string(position.line);
  append_key(out, "column", depth + 2);
  out += std::to_string(position.column);
  out += '\n';
  append_indent(out, depth);
  out += '}';
}

void append_range(std::string& out, const SourceManager& sources, SourceRange range, std::size_t depth) {
  if (!range.valid()) {
    out += "null";
    return;
  }
  const SourceFile& file = sources.file(range.file);
  out += '{';
  append_key(out, "start", depth + 2, true);
  append_position(out, file.line_column(range.begin), depth + 2);
  append_key(out, "end", depth + 2);
  append_position(out, file.line_column(range.end), depth + 2);
  out += '\n';
  append_indent(out, depth);
  out += '}';
}

void append_file(std::string& out, const SourceManager& sources, SourceRange range) {
  if (range.valid()) {
    append_json_string(out, sources.file(range.file).path());
  } else {
    out += "null";
  }
}

void append_note(std::string& out, const DiagnosticNote& note, const SourceManager& sources, std::size_t depth) {
  out += '{';
  append_key(out, "message", depth + 2, true);
  append_json_string(out, note.message);
  append_key(out, "file", depth + 2);
  append_file(out, sources, note.range);
  append_key(out, "range", depth + 2);
  append_range(out, sources, note.range, depth + 2);
  out += '\n';
  append_indent(out, depth);
  out += '}';
}

void append_fixit(std::string& out, const FixIt& fixit, const SourceManager& sources, std::size_t depth) {
  out += '{';
  append_key(out, "range", depth + 2, true);
  append_range(out, sources, fixit.range, depth + 2);
  append_key(out, "replacement", depth + 2);
  append_json_string(out, fixit.replacement);
  out += '\n';
  append_indent(out, depth);
  out += '}';
}

// A non-empty array of `items`, each written by `item(out, element, depth)`.
template <typename T, typename Write>
void append_array(std::string& out, const std::vector<T>& items, std::size_t depth, Write item) {
  if (items.empty()) {
    out += "[]";
    return;
  }
  out += '[';
  for (std::size_t i = 0; i < items.size(); ++i) {
    out += i ? ",\n" : "\n";
    append_indent(out, depth + 2);
    item(out, items[i], depth + 2);
  }
  out += '\n';
  append_indent(out, depth);
  out += ']';
}

}  // namespace

void append_diagnostic_json(std::string& out, const Diagnostic& d, const SourceManager& sources, std::size_t depth) {
  const std::size_t inner = depth + 2;
  out += '{';
  append_key(out, "id", inner, true);
  append_json_string(out, d.id);
  append_key(out, "severity", inner);
  append_json_string(out, severity_name(d.severity));
  append_key(out, "message", inner);
  append_json_string(out, d.message);
  append_key(out, "hint", inner);
  if (d.hint) {
    append_json_string(out, *d.hint);
  } else {
    out += "null";
  }
  append_key(out, "file", inner);
  append_file(out, sources, d.range);
  append_key(out, "range", inner);
  append_range(out, sources, d.range, inner);
  append_key(out, "declaration", inner);
  if (d.declaration.empty()) {
    out += "null";
  } else {
    append_json_string(out, d.declaration);
  }
  append_key(out, "notes", inner);
  append_array(out, d.notes, inner, [&](std::string& o, const DiagnosticNote& note, std::size_t at) {
    append_note(o, note, sources, at);
  });
  if (!d.fixits.empty()) {
    append_key(out, "fixits", inner);
    append_array(out, d.fixits, inner, [&](std::string& o, const FixIt& fixit, std::size_t at) {
      append_fixit(o, fixit, sources, at);
    });
  }
  if (d.suppressed_by) {
    append_key(out, "suppressed", inner);
    out += '{';
    append_key(out, "kind", inner + 2, true);
    out += "\"waiver\"";
    append_key(out, "justification", inner + 2);
    append_json_string(out, *d.suppressed_by);
    out += '\n';
    append_indent(out, inner);
    out += '}';
  }
  out += '\n';
  append_indent(out, depth);
  out += '}';
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

void JsonDiagnosticsWriter::begin() {
  if (started_) return;
  out_ << "{\n  \"version\": " << kDiagnosticsJsonVersion << ",\n  \"diagnostics\": [";
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
  out_ << (written_ ? ",\n    " : "\n    ");
  out_.write(diagnostic.data(), static_cast<std::streamsize>(diagnostic.size()));
  ++written_;
}

void JsonDiagnosticsWriter::finish(std::size_t file_count, const DiagnosticCounts& counts) {
  Json summary{{"files", file_count}, {"errors", counts.errors}, {"warnings", counts.warnings}, {"infos", counts.infos}};
  if (!started_) {
    out_ << "{\n  \"summary\": ";
  } else {
    out_ << (written_ ? "\n  ],\n  \"summary\": " : "],\n  \"summary\": ");
  }
  write_nested_json(out_, summary, 2);
  out_ << "\n}";
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
