// The source model shared by every stage and renderer: files are loaded once,
// ranges are half-open byte offsets, and line/column are computed on demand.
#pragma once

#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <vector>

namespace gpuspec {

using FileId = std::uint32_t;
inline constexpr FileId kNoFile = 0xffffffffu;

// Half-open byte range [begin, end) inside one file.
struct SourceRange {
  FileId file = kNoFile;
  std::uint32_t begin = 0;
  std::uint32_t end = 0;

  bool valid() const { return file != kNoFile; }
  // The smallest range covering both (same file assumed).
  SourceRange to(const SourceRange& other) const { return {file, begin, other.end}; }
};

// 1-based line and column; the column counts Unicode code points.
struct LineColumn {
  std::uint32_t line = 1;
  std::uint32_t column = 1;
};

class SourceFile {
 public:
  SourceFile(FileId id, std::string path, std::string text, bool embedded);
  // A file of the embedded library whose text is the binary's own data, which outlives
  // every manager: copied into text(), and its lines counted, when first asked for. A
  // run reads the library's trees from the parse snapshot (syntax/parse_snapshot.h), so
  // most never ask: copying and scanning the ~700 KB took 1.3 M of a one-file check's
  // 13.7 M instructions, and its fresh pages more.
  SourceFile(FileId id, std::string path, std::string_view static_text);

  FileId id() const { return id_; }
  // The path as the user gave it (or "<stdlib>/gpus.gpuspec" for embedded files).
  const std::string& path() const { return path_; }
  const std::string& text() const {
    materialize();
    return text_;
  }
  // The text without copying it: the binary's data for a file made from it.
  std::string_view view() const { return lazy_ ? static_text_ : std::string_view(text_); }
  bool embedded() const { return embedded_; }

  LineColumn line_column(std::uint32_t offset) const;
  // The text of a 1-based line without its line terminator ("\n" or "\r\n").
  std::string_view line_text(std::uint32_t line) const;
  std::uint32_t line_count() const {
    counted();
    return line_count_;
  }
  std::string_view slice(SourceRange range) const;

 private:
  friend class SourceManager;  // release_text
  void count_lines() const;
  // A file made from static text: its copy, once, whichever thread asks.
  void materialize() const {
    if (!lazy_) return;
    std::call_once(*materialized_, [this] { text_.assign(static_text_); });
  }
  // The line table, made when first asked for: the language server adds its document
  // again on every edit and reads its lines through its own map (issue 28: counting
  // them was 0.2 M instructions of an edit's 4-5 M).
  void counted() const {
    materialize();
    std::call_once(*counted_, [this] { count_lines(); });
  }
  FileId id_;
  std::string path_;
  // Written once by materialize() for a file made from static text, before any reader.
  mutable std::string text_;
  bool embedded_;
  bool lazy_ = false;  // made from static text: text_ comes on first use
  std::string_view static_text_;
  std::unique_ptr<std::once_flag> materialized_;
  std::unique_ptr<std::once_flag> counted_ = std::make_unique<std::once_flag>();
  // The start of every kLineStride-th line (lines 1, 1 + kLineStride, ...): a look-up
  // goes on from the nearest one with memchr, over at most kLineStride - 1 newlines. Every
  // line's start was 4 bytes a line, 12 MB for a 50 MiB spec (issue 25).
  static constexpr std::uint32_t kLineStride = 8;
  mutable std::vector<std::uint32_t> line_starts_;
  mutable std::uint32_t line_count_ = 1;
  // The start of 0-based line `index` (< line_count_).
  std::uint32_t line_start(std::uint32_t index) const;
};

// Owns every loaded file. FileIds index into it; files are never removed, so
// references to a SourceFile stay valid for the manager's lifetime.
// Safe to share between threads: `check --jobs N` loads files in parallel into one
// manager (a SourceFile's text never changes once added and its line table is made
// under a once_flag, so only the table of files is guarded; the one exception,
// release_text, is for a file only its owner still holds).
class SourceManager {
 public:
  const SourceFile& add(std::string path, std::string text, bool embedded = false);
  // An embedded file whose text outlives the manager (SourceFile's static-text form).
  const SourceFile& add_static(std::string path, std::string_view static_text);
  const SourceFile& file(FileId id) const {
    std::lock_guard lock(mutex_);
    return *files_.at(id);
  }
  const SourceFile* find_by_path(std::string_view path) const;
  // Frees the text and line table of a file nothing will read again, keeping its id and
  // path: `check` renders a file's diagnostics as soon as it is checked, and without
  // this every checked file's text stayed until the end of the run. Afterwards the file
  // reads as empty (line_column is 1:1); only its checker may call this, from its thread.
  void release_text(FileId id);
  std::size_t size() const {
    std::lock_guard lock(mutex_);
    return files_.size();
  }

  LineColumn start_of(SourceRange range) const { return file(range.file).line_column(range.begin); }
  LineColumn end_of(SourceRange range) const { return file(range.file).line_column(range.end); }

 private:
  mutable std::mutex mutex_;
  std::vector<std::unique_ptr<SourceFile>> files_;
};

}  // namespace gpuspec
