#include "diag/render_json.h"

#include <algorithm>
#include <charconv>
#include <cstdint>
#include <cstring>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "diag/diagnostic_counts.h"
#include "diag/json_string.h"
#include "source/utf8.h"
#include "source/json_io.h"

namespace gpuspec {
namespace {

using Json = nlohmann::ordered_json;

// The hand-written writer below produces the bytes a DOM's dump(2) would (the DOM is
// test/oracle/diagnostics_json_dom.cpp), nested `depth` spaces deep, without building
// one: the DOM (a map per object, a copy of every string) was ~15 % of a `check
// --format json` run. render_json_test compares the two on every shape and on text
// that must be escaped.

// Every constant piece of a diagnostic's layout at one depth (the newline, the
// indentation and the key, or the brackets and indentation around a position) is built
// once and appended in one piece: per field, std::string calls, indentation loops and
// std::to_string temporaries were most of the writer's time after escaping.
std::string indent(std::size_t depth) { return std::string(depth, ' '); }
// `"key": ` on a new line `depth` deep; `first` leaves out the comma that closes the member before.
std::string key_at(std::size_t depth, std::string_view key, bool first = false) {
  return std::string(first ? "\n" : ",\n") + indent(depth) + "\"" + std::string(key) + "\": ";
}
std::string close_at(std::size_t depth, char bracket) { return "\n" + indent(depth) + bracket; }

// A range object `depth` deep: {"start": {"line", "column"}, "end": {...}} around four numbers.
struct RangeLayout {
  explicit RangeLayout(std::size_t depth)
      : open_start_line("{" + key_at(depth + 2, "start", true) + "{" + key_at(depth + 4, "line", true)),
        column(key_at(depth + 4, "column")),
        open_end_line(close_at(depth + 2, '}') + key_at(depth + 2, "end") + "{" + key_at(depth + 4, "line", true)),
        close(close_at(depth + 2, '}') + close_at(depth, '}')) {}
  std::string open_start_line, column, open_end_line, close;
};

// A diagnostic's layout `depth` deep (its members at depth + 2; notes and fix-its,
// array items, at depth + 4 with their members at depth + 6).
struct Layout {
  explicit Layout(std::size_t depth)
      : depth(depth),
        id("{" + key_at(depth + 2, "id", true)),
        severity(key_at(depth + 2, "severity")),
        message(key_at(depth + 2, "message")),
        hint(key_at(depth + 2, "hint")),
        file(key_at(depth + 2, "file")),
        range(key_at(depth + 2, "range")),
        declaration(key_at(depth + 2, "declaration")),
        notes(key_at(depth + 2, "notes")),
        fixits(key_at(depth + 2, "fixits")),
        suppressed(key_at(depth + 2, "suppressed") + "{" + key_at(depth + 4, "kind", true) + "\"waiver\"" +
                   key_at(depth + 4, "justification")),
        close_suppressed(close_at(depth + 2, '}')),
        open_first_item("[\n" + indent(depth + 4)),
        next_item(",\n" + indent(depth + 4)),
        close_items(close_at(depth + 2, ']')),
        note_message("{" + key_at(depth + 6, "message", true)),
        note_file(key_at(depth + 6, "file")),
        note_range(key_at(depth + 6, "range")),
        fixit_range("{" + key_at(depth + 6, "range", true)),
        fixit_replacement(key_at(depth + 6, "replacement")),
        close_item(close_at(depth + 4, '}')),
        close(close_at(depth, '}')),
        range_layout(depth + 2),
        item_range_layout(depth + 6) {}

  std::size_t depth;
  std::string id, severity, message, hint, file, range, declaration, notes, fixits, suppressed, close_suppressed;
  std::string open_first_item, next_item, close_items;
  std::string note_message, note_file, note_range, fixit_range, fixit_replacement, close_item, close;
  RangeLayout range_layout, item_range_layout;
};

// The layout for `depth`, built once per thread for the depth last asked for (`check`
// always asks for the same one).
const Layout& layout_for(std::size_t depth) {
  thread_local std::optional<Layout> cached;
  if (!cached || cached->depth != depth) cached.emplace(depth);
  return *cached;
}

void append_number(std::string& out, std::uint32_t value) {
  char digits[16];
  out.append(digits, static_cast<std::size_t>(std::to_chars(digits, digits + sizeof digits, value).ptr - digits));
}

struct RangePositions {
  LineColumn start, end;
};

// A range on one line (nearly every range) ends at its start's column plus the code
// points it covers: what line_column(end) computes, without a second search.
RangePositions positions_of(const SourceFile& file, SourceRange range) {
  LineColumn start = file.line_column(range.begin);
  std::string_view text = file.text();
  auto size = static_cast<std::uint32_t>(text.size());
  std::uint32_t begin = std::min(range.begin, size);
  std::uint32_t end = std::min(range.end, size);
  if (end >= begin) {
    std::string_view covered = text.substr(begin, end - begin);
    if (covered.find('\n') == std::string_view::npos) {
      return {start, {start.line, start.column + static_cast<std::uint32_t>(utf8::count_code_points(covered))}};
    }
  }
  return {start, file.line_column(range.end)};
}

// The positions remembered while a JsonPositionScope lives, by file and range: a
// table per thread, direct-mapped (a range that hashes to a taken entry replaces it),
// whose entries belong to the scope whose generation they carry, so opening a scope
// forgets every entry without touching one.
class PositionMemo {
 public:
  static PositionMemo& of_thread() {
    thread_local PositionMemo memo;
    return memo;
  }
  void open() {
    ++depth_;
    ++generation_;
  }
  void close() {
    if (--depth_ == 0) ++generation_;  // nothing remembered stays readable once closed
  }

  RangePositions positions(const SourceFile& file, SourceRange range) {
    if (depth_ == 0) return positions_of(file, range);
    Entry& entry = entries_[slot(file, range)];
    if (entry.generation == generation_ && entry.file == &file && entry.begin == range.begin &&
        entry.end == range.end) {
      return entry.positions;
    }
    entry = {&file, range.begin, range.end, generation_, positions_of(file, range)};
    return entry.positions;
  }

 private:
  struct Entry {
    const SourceFile* file = nullptr;
    std::uint32_t begin = 0, end = 0;
    std::uint64_t generation = 0;  // 0: never written (generations start at 1)
    RangePositions positions;
  };
  static constexpr std::size_t kEntries = 512;  // a file of ten servers writes ~200 distinct ranges

  static std::size_t slot(const SourceFile& file, SourceRange range) {
    std::uint64_t h = reinterpret_cast<std::uintptr_t>(&file) >> 4;
    h = (h ^ range.begin) * 0x9E3779B97F4A7C15ull;
    h = (h ^ range.end) * 0x9E3779B97F4A7C15ull;
    return static_cast<std::size_t>(h >> 32) % kEntries;
  }

  std::vector<Entry> entries_ = std::vector<Entry>(kEntries);
  std::uint64_t generation_ = 1;
  unsigned depth_ = 0;
};

// The range object in one append: its pieces and numbers are put together on the stack.
void append_positions(std::string& out, const RangeLayout& layout, const RangePositions& positions) {
  char buffer[512];
  char* at = buffer;
  auto piece = [&](const std::string& text) {
    std::memcpy(at, text.data(), text.size());
    at += text.size();
  };
  auto number = [&](std::uint32_t value) { at = std::to_chars(at, at + 10, value).ptr; };
  std::size_t pieces = layout.open_start_line.size() + 2 * layout.column.size() + layout.open_end_line.size() +
                       layout.close.size();
  if (pieces + 4 * 10 > sizeof buffer) {  // deeper than `check` ever nests: piece by piece
    out.append(layout.open_start_line);
    append_number(out, positions.start.line);
    out.append(layout.column);
    append_number(out, positions.start.column);
    out.append(layout.open_end_line);
    append_number(out, positions.end.line);
    out.append(layout.column);
    append_number(out, positions.end.column);
    out.append(layout.close);
    return;
  }
  piece(layout.open_start_line);
  number(positions.start.line);
  piece(layout.column);
  number(positions.start.column);
  piece(layout.open_end_line);
  number(positions.end.line);
  piece(layout.column);
  number(positions.end.column);
  piece(layout.close);
  out.append(buffer, static_cast<std::size_t>(at - buffer));
}

// One diagnostic's writing, with what it looks up once: its file, its range's
// positions, and where its file's path, escaped, already stands in the output.
class DiagnosticWriter {
 public:
  DiagnosticWriter(std::string& out, const Diagnostic& d, const SourceManager& sources)
      : out_(out), d_(d), sources_(sources) {
    if (d.range.valid()) {
      file_ = &sources.file(d.range.file);
      positions_ = PositionMemo::of_thread().positions(*file_, d.range);
    }
  }

  // "path" or null for `range`'s file.
  void file(SourceRange range) {
    if (!range.valid()) {
      out_.append("null", 4);
      return;
    }
    if (!file_ || range.file != d_.range.file) {
      append_json_string(out_, sources_.file(range.file).path());
      return;
    }
    if (path_length_ == 0) {
      std::size_t at = out_.size();
      append_json_string(out_, file_->path());
      path_at_ = at;
      path_length_ = out_.size() - at;
    } else {
      out_.append(out_, path_at_, path_length_);  // the same path, escaped once
    }
  }

  void range(SourceRange range, const RangeLayout& layout) {
    if (!range.valid()) {
      out_.append("null", 4);
      return;
    }
    if (file_ && range.file == d_.range.file && range.begin == d_.range.begin && range.end == d_.range.end) {
      append_positions(out_, layout, positions_);
    } else {
      append_positions(out_, layout, PositionMemo::of_thread().positions(sources_.file(range.file), range));
    }
  }

 private:
  std::string& out_;
  const Diagnostic& d_;
  const SourceManager& sources_;
  const SourceFile* file_ = nullptr;
  RangePositions positions_;
  std::size_t path_at_ = 0;
  std::size_t path_length_ = 0;  // 0: not written yet (quoted, a path is 2 bytes or more)
};

// A non-empty array of `items`, each written by `item(element)`.
template <typename T, typename Write>
void append_array(std::string& out, const Layout& layout, const std::vector<T>& items, Write item) {
  if (items.empty()) {
    out.append("[]", 2);
    return;
  }
  for (std::size_t i = 0; i < items.size(); ++i) {
    out.append(i ? layout.next_item : layout.open_first_item);
    item(items[i]);
  }
  out.append(layout.close_items);
}

}  // namespace

JsonPositionScope::JsonPositionScope() { PositionMemo::of_thread().open(); }
JsonPositionScope::~JsonPositionScope() { PositionMemo::of_thread().close(); }

void append_diagnostic_json(std::string& out, const Diagnostic& d, const SourceManager& sources, std::size_t depth) {
  const Layout& layout = layout_for(depth);
  DiagnosticWriter w(out, d, sources);
  out.append(layout.id);
  append_json_string(out, d.id);
  out.append(layout.severity);
  out += '"';
  out.append(severity_name(d.severity));
  out += '"';
  out.append(layout.message);
  append_json_string(out, d.message);
  out.append(layout.hint);
  if (d.hint) {
    append_json_string(out, *d.hint);
  } else {
    out.append("null", 4);
  }
  out.append(layout.file);
  w.file(d.range);
  out.append(layout.range);
  w.range(d.range, layout.range_layout);
  out.append(layout.declaration);
  if (d.declaration.empty()) {
    out.append("null", 4);
  } else {
    append_json_string(out, d.declaration);
  }
  out.append(layout.notes);
  append_array(out, layout, d.notes, [&](const DiagnosticNote& note) {
    out.append(layout.note_message);
    append_json_string(out, note.message);
    out.append(layout.note_file);
    w.file(note.range);
    out.append(layout.note_range);
    w.range(note.range, layout.item_range_layout);
    out.append(layout.close_item);
  });
  if (!d.fixits.empty()) {
    out.append(layout.fixits);
    append_array(out, layout, d.fixits, [&](const FixIt& fixit) {
      out.append(layout.fixit_range);
      w.range(fixit.range, layout.item_range_layout);
      out.append(layout.fixit_replacement);
      append_json_string(out, fixit.replacement);
      out.append(layout.close_item);
    });
  }
  if (d.suppressed_by) {
    out.append(layout.suppressed);
    append_json_string(out, *d.suppressed_by);
    out.append(layout.close_suppressed);
  }
  out.append(layout.close);
}

void append_nested_json(std::string& out, std::string_view dumped, std::size_t depth) {
  std::size_t from = 0;
  for (std::size_t nl = dumped.find('\n'); nl != std::string_view::npos; nl = dumped.find('\n', from)) {
    out.append(dumped.substr(from, nl + 1 - from));
    out.append(depth, ' ');
    from = nl + 1;
  }
  out.append(dumped.substr(from));
}

void JsonDiagnosticsWriter::begin() {
  if (started_) return;
  out_.append("{\n  \"version\": ");
  out_.append(std::to_string(kDiagnosticsJsonVersion));
  out_.append(",\n  \"diagnostics\": [");
  started_ = true;
}

void JsonDiagnosticsWriter::add_rendered(std::string_view diagnostic) {
  begin();
  out_.append(written_ ? std::string_view(",\n    ") : std::string_view("\n    "));
  out_.append(diagnostic);
  ++written_;
}

void JsonDiagnosticsWriter::finish(std::size_t file_count, const DiagnosticCounts& counts) {
  Json summary{{"files", file_count}, {"errors", counts.errors}, {"warnings", counts.warnings}, {"infos", counts.infos}};
  begin();  // a run that checked nothing still has a version and (empty) diagnostics
  out_.append(written_ ? std::string_view("\n  ],\n  \"summary\": ") : std::string_view("],\n  \"summary\": "));
  append_nested_json(out_, dump_json(summary), 2);
  out_.append("\n}");
}

}  // namespace gpuspec
