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

  FileId id() const { return id_; }
  // The path as the user gave it (or "<stdlib>/gpus.gpuspec" for embedded files).
  const std::string& path() const { return path_; }
  const std::string& text() const { return text_; }
  bool embedded() const { return embedded_; }

  LineColumn line_column(std::uint32_t offset) const;
  // The text of a 1-based line without its line terminator ("\n" or "\r\n").
  std::string_view line_text(std::uint32_t line) const;
  std::uint32_t line_count() const { return line_count_; }
  std::string_view slice(SourceRange range) const;

 private:
  friend class SourceManager;  // release_text
  FileId id_;
  std::string path_;
  std::string text_;
  bool embedded_;
  // The start of every kLineStride-th line (lines 1, 1 + kLineStride, ...): a look-up
  // goes on from the nearest one with memchr, over at most kLineStride - 1 newlines. Every
  // line's start was 4 bytes a line, 12 MB for a 50 MiB spec (issue 25).
  static constexpr std::uint32_t kLineStride = 8;
  std::vector<std::uint32_t> line_starts_;
  std::uint32_t line_count_ = 1;
  // The start of 0-based line `index` (< line_count_).
  std::uint32_t line_start(std::uint32_t index) const;
};

// Owns every loaded file. FileIds index into it; files are never removed, so
// references to a SourceFile stay valid for the manager's lifetime.
// Safe to share between threads: `check --jobs N` loads files in parallel into one
// manager (a SourceFile never changes once added, so only the table is guarded; the
// one exception, release_text, is for a file only its owner still holds).
class SourceManager {
 public:
  const SourceFile& add(std::string path, std::string text, bool embedded = false);
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
