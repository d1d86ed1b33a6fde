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
// once and written in one piece: per field, std::string calls, indentation loops and
// std::to_string temporaries were most of the writer's time after escaping.
std::string indent(std::size_t depth) { return std::string(depth, ' '); }
// `"key": ` on a new line `depth` deep; `first` leaves out the comma that closes the member before.
std::string key_at(std::size_t depth, std::string_view key, bool first = false) {
  return std::string(first ? "\n" : ",\n") + indent(depth) + "\"" + std::string(key) + "\": ";
}
std::string close_at(std::size_t depth, char bracket) { return "\n" + indent(depth) + bracket; }

// A diagnostic is written by pointer into a buffer sized once for it (a bound on its
// bytes, in json_scratch()), then appended in one piece: appending each piece, number and
// string to a std::string checked its capacity and called memcpy for a few bytes each
// time (~2,000 instructions of a diagnostic's ~4,500 on the peer corpus, issue 28).
// Every write may store up to kJsonWriteSlack bytes past its end; the bound leaves room
// for that once.

// A constant piece, copied 16 bytes at a time from storage padded to a multiple of 16
// (the copy's tail lands in the slack, and is overwritten by what follows).
class Piece {
 public:
  Piece() = default;
  explicit Piece(std::string text) : size_(text.size()), storage_(std::move(text)) {
    storage_.resize((size_ + 15) / 16 * 16);
  }
  std::size_t size() const { return size_; }
  char* put(char* at) const {
    for (std::size_t i = 0; i < size_; i += 16) std::memcpy(at + i, storage_.data() + i, 16);
    return at + size_;
  }

 private:
  std::size_t size_ = 0;
  std::string storage_;
};
static_assert(kJsonWriteSlack >= 16, "a piece's copy stores up to 15 bytes past it");

// Up to 8 bytes known at compile time (a literal), in one 8-byte store.
template <std::size_t N>
char* put_literal(char* at, const char (&text)[N]) {
  static_assert(N - 1 <= 8 && kJsonWriteSlack >= 8);
  char padded[8] = {};
  std::memcpy(padded, text, N - 1);
  std::memcpy(at, padded, 8);
  return at + (N - 1);
}

char* put_number(char* at, std::uint32_t value) { return std::to_chars(at, at + 10, value).ptr; }
constexpr std::size_t kNumberBound = 10;  // digits of a 32-bit number

// A range object `depth` deep: {"start": {"line", "column"}, "end": {...}} around four numbers.
struct RangeLayout {
  explicit RangeLayout(std::size_t depth)
      : depth(depth),
        open_start_line("{" + key_at(depth + 2, "start", true) + "{" + key_at(depth + 4, "line", true)),
        column(key_at(depth + 4, "column")),
        open_end_line(close_at(depth + 2, '}') + key_at(depth + 2, "end") + "{" + key_at(depth + 4, "line", true)),
        close(close_at(depth + 2, '}') + close_at(depth, '}')),
        bound(open_start_line.size() + 2 * column.size() + open_end_line.size() + close.size() + 4 * kNumberBound) {}
  std::size_t depth;
  Piece open_start_line, column, open_end_line, close;
  std::size_t bound;  // the most bytes of a range object, or of "null"
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
        item_range_layout(depth + 6) {
    constexpr std::size_t kNull = 4, kEmptyArray = 2, kSeverity = 9;  // "null", "[]", "\"warning\""
    fixed_bound = id.size() + severity.size() + kSeverity + message.size() + hint.size() + kNull + file.size() +
                  kNull + range.size() + range_layout.bound + declaration.size() + kNull + notes.size() +
                  kEmptyArray + fixits.size() + open_first_item.size() + close_items.size() + suppressed.size() +
                  close_suppressed.size() + close.size() + kJsonWriteSlack;
    std::size_t item_open = std::max(open_first_item.size(), next_item.size());
    note_bound = item_open + note_message.size() + note_file.size() + kNull + note_range.size() +
                 item_range_layout.bound + close_item.size();
    fixit_bound = item_open + fixit_range.size() + item_range_layout.bound + fixit_replacement.size() +
                  close_item.size();
  }

  std::size_t depth;
  Piece id, severity, message, hint, file, range, declaration, notes, fixits, suppressed, close_suppressed;
  Piece open_first_item, next_item, close_items;
  Piece note_message, note_file, note_range, fixit_range, fixit_replacement, close_item, close;
  RangeLayout range_layout, item_range_layout;
  // The most bytes of everything but the strings: the diagnostic's own members, and per
  // note and per fix-it (the strings' bounds are added per diagnostic).
  std::size_t fixed_bound, note_bound, fixit_bound;
};

// The layout for `depth`, built once per thread for the depth last asked for (`check`
// always asks for the same one).
const Layout& layout_for(std::size_t depth) {
  thread_local std::optional<Layout> cached;
  if (!cached || cached->depth != depth) cached.emplace(depth);
  return *cached;
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

  // A range object as written before at `depth` for `file` and `range` in this scope, or
  // null. A file's findings and their notes point at the same few places, and writing
  // one (four numbers between five pieces) was ~300 instructions; copying it is ~30.
  // The key is everything the bytes depend on: the file (its text gives the
  // positions), the range, and the depth (the indentation).
  const char* text(const SourceFile& file, SourceRange range, std::size_t depth, std::size_t& size) const {
    if (depth_ == 0 || texts_.empty()) return nullptr;
    const TextEntry& entry = texts_[text_slot(file, range, depth)];
    if (entry.generation != generation_ || entry.file != &file || entry.begin != range.begin ||
        entry.end != range.end || entry.depth != depth) {
      return nullptr;
    }
    size = entry.size;
    return entry.text;
  }
  // Remembers `size` bytes at `text` as the range object for the key of text() (not
  // when they do not fit an entry: a depth deeper than `check` writes).
  void keep_text(const SourceFile& file, SourceRange range, std::size_t depth, const char* text, std::size_t size) {
    if (depth_ == 0 || size > kTextBytes) return;
    if (texts_.empty()) texts_.resize(kEntries);
    TextEntry& entry = texts_[text_slot(file, range, depth)];
    entry.file = &file;
    entry.begin = range.begin;
    entry.end = range.end;
    entry.depth = depth;
    entry.generation = generation_;
    entry.size = size;
    std::memcpy(entry.text, text, size);
  }
  static constexpr std::size_t kTextBytes = 256;  // a multiple of 16: copied 16 bytes at a time

 private:
  struct TextEntry {
    const SourceFile* file = nullptr;
    std::uint32_t begin = 0, end = 0;
    std::size_t depth = 0;
    std::uint64_t generation = 0;  // 0: never written
    std::size_t size = 0;
    char text[kTextBytes];
  };
  static std::size_t text_slot(const SourceFile& file, SourceRange range, std::size_t depth) {
    return (slot(file, range) + depth * 0x9E37u) % kEntries;
  }
  std::vector<TextEntry> texts_;  // made on first use
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

char* put_positions(char* at, const RangeLayout& layout, const RangePositions& positions) {
  at = layout.open_start_line.put(at);
  at = put_number(at, positions.start.line);
  at = layout.column.put(at);
  at = put_number(at, positions.start.column);
  at = layout.open_end_line.put(at);
  at = put_number(at, positions.end.line);
  at = layout.column.put(at);
  at = put_number(at, positions.end.column);
  return layout.close.put(at);
}

// One diagnostic's writing, with what it looks up once: its file, the other file its
// notes point into, and where its file's path, escaped, already stands in the buffer.
class DiagnosticWriter {
 public:
  DiagnosticWriter(const Diagnostic& d, const SourceManager& sources) : d_(d), sources_(sources) {
    if (d.range.valid()) file_ = &sources.file(d.range.file);
  }

  // The bound of a "file" member's value for `range`.
  std::size_t file_bound(SourceRange range) {
    if (!range.valid()) return 4;
    return json_string_bound(file_of(range.file).path().size());
  }

  // "path" or null for `range`'s file.
  char* file(char* at, SourceRange range) {
    if (!range.valid()) return put_literal(at, "null");
    if (!file_ || range.file != d_.range.file) return write_json_string(at, file_of(range.file).path());
    if (path_length_ == 0) {
      char* end = write_json_string(at, file_->path());
      path_at_ = at;
      path_length_ = static_cast<std::size_t>(end - at);
      return end;
    }
    std::memcpy(at, path_at_, path_length_);  // the same path, escaped once
    return at + path_length_;
  }

  char* range(char* at, SourceRange range, const RangeLayout& layout) {
    if (!range.valid()) return put_literal(at, "null");
    PositionMemo& memo = PositionMemo::of_thread();
    const SourceFile& file = file_of(range.file);
    std::size_t size = 0;
    if (const char* text = memo.text(file, range, layout.depth, size)) {
      static_assert(PositionMemo::kTextBytes % 16 == 0 && kJsonWriteSlack >= 16);
      for (std::size_t i = 0; i < size; i += 16) std::memcpy(at + i, text + i, 16);
      return at + size;
    }
    char* end = put_positions(at, layout, memo.positions(file, range));
    memo.keep_text(file, range, layout.depth, at, static_cast<std::size_t>(end - at));
    return end;
  }

 private:
  // The file `id`, looked up in the sources (under their lock) once per diagnostic for
  // its own file and for the last other file its notes point into.
  const SourceFile& file_of(FileId id) {
    if (file_ && id == d_.range.file) return *file_;
    if (!other_ || id != other_->id()) other_ = &sources_.file(id);
    return *other_;
  }

  const Diagnostic& d_;
  const SourceManager& sources_;
  const SourceFile* file_ = nullptr;
  const SourceFile* other_ = nullptr;
  const char* path_at_ = nullptr;
  std::size_t path_length_ = 0;  // 0: not written yet (quoted, a path is 2 bytes or more)
};

// A non-empty array of `items`, each written by `item(at, element)`, or [].
template <typename T, typename Write>
char* put_array(char* at, const Layout& layout, const std::vector<T>& items, Write item) {
  if (items.empty()) return put_literal(at, "[]");
  for (std::size_t i = 0; i < items.size(); ++i) {
    at = (i ? layout.next_item : layout.open_first_item).put(at);
    at = item(at, items[i]);
  }
  return layout.close_items.put(at);
}

}  // namespace

JsonPositionScope::JsonPositionScope() { PositionMemo::of_thread().open(); }
JsonPositionScope::~JsonPositionScope() { PositionMemo::of_thread().close(); }

namespace {

// The most bytes `d` takes written with `layout`, plus kJsonWriteSlack.
std::size_t bound_of(const Diagnostic& d, const Layout& layout, DiagnosticWriter& w) {
  std::size_t bound = layout.fixed_bound + json_string_bound(d.id.size()) + json_string_bound(d.message.size()) +
                      w.file_bound(d.range) + json_string_bound(d.declaration.size());
  if (d.hint) bound += json_string_bound(d.hint->size());
  for (const DiagnosticNote& note : d.notes) {
    bound += layout.note_bound + json_string_bound(note.message.size()) + w.file_bound(note.range);
  }
  for (const FixIt& fixit : d.fixits) bound += layout.fixit_bound + json_string_bound(fixit.replacement.size());
  if (d.suppressed_by) bound += json_string_bound(d.suppressed_by->size());
  return bound;
}

}  // namespace

std::size_t diagnostic_json_bound(const Diagnostic& d, const SourceManager& sources, std::size_t depth) {
  DiagnosticWriter w(d, sources);
  return bound_of(d, layout_for(depth), w);
}

void append_diagnostic_json(std::string& out, const Diagnostic& d, const SourceManager& sources, std::size_t depth) {
  const Layout& layout = layout_for(depth);
  DiagnosticWriter w(d, sources);
  char* const start = json_scratch(bound_of(d, layout, w));
  char* at = start;

  at = layout.id.put(at);
  at = write_json_string(at, d.id);
  at = layout.severity.put(at);
  *at++ = '"';
  std::string_view severity = severity_name(d.severity);
  std::memcpy(at, severity.data(), severity.size());
  at += severity.size();
  *at++ = '"';
  at = layout.message.put(at);
  at = write_json_string(at, d.message);
  at = layout.hint.put(at);
  at = d.hint ? write_json_string(at, *d.hint) : put_literal(at, "null");
  at = layout.file.put(at);
  at = w.file(at, d.range);
  at = layout.range.put(at);
  at = w.range(at, d.range, layout.range_layout);
  at = layout.declaration.put(at);
  at = d.declaration.empty() ? put_literal(at, "null") : write_json_string(at, d.declaration);
  at = layout.notes.put(at);
  at = put_array(at, layout, d.notes, [&](char* to, const DiagnosticNote& note) {
    to = layout.note_message.put(to);
    to = write_json_string(to, note.message);
    to = layout.note_file.put(to);
    to = w.file(to, note.range);
    to = layout.note_range.put(to);
    to = w.range(to, note.range, layout.item_range_layout);
    return layout.close_item.put(to);
  });
  if (!d.fixits.empty()) {
    at = layout.fixits.put(at);
    at = put_array(at, layout, d.fixits, [&](char* to, const FixIt& fixit) {
      to = layout.fixit_range.put(to);
      to = w.range(to, fixit.range, layout.item_range_layout);
      to = layout.fixit_replacement.put(to);
      to = write_json_string(to, fixit.replacement);
      return layout.close_item.put(to);
    });
  }
  if (d.suppressed_by) {
    at = layout.suppressed.put(at);
    at = write_json_string(at, *d.suppressed_by);
    at = layout.close_suppressed.put(at);
  }
  at = layout.close.put(at);
  out.append(start, static_cast<std::size_t>(at - start));
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
