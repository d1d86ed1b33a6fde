#include "source/source.h"

#include <string_view>

#include <algorithm>

#include "source/utf8.h"

namespace gpuspec {

// Every line's start is stored for a file of at most kEveryLineUpTo bytes (4 bytes a
// line, ~100 KB for a 1 MiB file), so a look-up is one binary search: `check --format
// json` looks up ~28 positions per server, and walking on from every 8th line with
// memchr was ~2 % of it. A larger file keeps every kLineStride-th (issue 25). Which of
// the two a file has is read off the table: only a table of every line has one entry a
// line (with a stride of 8, a file of two lines or more has fewer).
namespace {
constexpr std::size_t kEveryLineUpTo = std::size_t{1} << 20;
std::uint32_t stride_of(std::size_t stored, std::uint32_t lines, std::uint32_t sparse) {
  return stored == lines ? 1 : sparse;
}
}  // namespace

SourceFile::SourceFile(FileId id, std::string path, std::string text, bool embedded)
    : id_(id), path_(std::move(path)), text_(std::move(text)), embedded_(embedded) {}

SourceFile::SourceFile(FileId id, std::string path, std::string_view static_text)
    : id_(id),
      path_(std::move(path)),
      embedded_(true),
      lazy_(true),
      static_text_(static_text),
      materialized_(std::make_unique<std::once_flag>()) {}

void SourceFile::count_lines() const {
  line_starts_.assign(1, 0);
  line_count_ = 1;
  // memchr, not a byte loop: the fuzz targets add the whole embedded library (~700 KB)
  // to their sources for every input.
  std::string_view all(text_);
  const std::uint32_t stride = text_.size() <= kEveryLineUpTo ? 1 : kLineStride;
  for (std::size_t nl = all.find('\n'); nl != std::string_view::npos; nl = all.find('\n', nl + 1)) {
    if (line_count_++ % stride == 0) line_starts_.push_back(static_cast<std::uint32_t>(nl + 1));
  }
}

std::uint32_t SourceFile::line_start(std::uint32_t index) const {
  const std::uint32_t stride = stride_of(line_starts_.size(), line_count_, kLineStride);
  std::uint32_t start = line_starts_[index / stride];
  for (std::uint32_t i = index % stride; i > 0; --i) {
    start = static_cast<std::uint32_t>(std::string_view(text_).find('\n', start) + 1);
  }
  return start;
}

LineColumn SourceFile::line_column(std::uint32_t offset) const {
  counted();
  offset = std::min<std::uint32_t>(offset, static_cast<std::uint32_t>(text_.size()));
  // The last line starting at or before `offset`: the last stored start there, then on
  // from it while the next line still starts there.
  const std::uint32_t stride = stride_of(line_starts_.size(), line_count_, kLineStride);
  auto it = std::upper_bound(line_starts_.begin(), line_starts_.end(), offset);
  auto line_index = static_cast<std::uint32_t>(std::distance(line_starts_.begin(), it) - 1) * stride;
  std::uint32_t start = line_starts_[line_index / stride];
  std::string_view all(text_);
  if (stride > 1) {
    for (std::size_t nl = all.find('\n', start); nl != std::string_view::npos && nl + 1 <= offset;
         nl = all.find('\n', start)) {
      start = static_cast<std::uint32_t>(nl + 1);
      ++line_index;
    }
  }
  auto column = utf8::count_code_points(all.substr(start, offset - start));
  return {line_index + 1, static_cast<std::uint32_t>(column + 1)};
}

std::string_view SourceFile::line_text(std::uint32_t line) const {
  counted();
  if (line == 0 || line > line_count_) return {};
  std::uint32_t start = line_start(line - 1);
  std::uint32_t end = line < line_count_ ? static_cast<std::uint32_t>(std::string_view(text_).find('\n', start) + 1)
                                         : static_cast<std::uint32_t>(text_.size());
  std::string_view view = std::string_view(text_).substr(start, end - start);
  while (!view.empty() && (view.back() == '\n' || view.back() == '\r')) view.remove_suffix(1);
  return view;
}

std::string_view SourceFile::slice(SourceRange range) const {
  std::string_view all = view();
  auto size = static_cast<std::uint32_t>(all.size());
  std::uint32_t begin = std::min(range.begin, size);
  std::uint32_t end = std::min(std::max(range.end, begin), size);
  return all.substr(begin, end - begin);
}

const SourceFile& SourceManager::add(std::string path, std::string text, bool embedded) {
  std::lock_guard lock(mutex_);
  auto id = static_cast<FileId>(files_.size());
  files_.push_back(std::make_unique<SourceFile>(id, std::move(path), std::move(text), embedded));
  return *files_.back();
}

const SourceFile& SourceManager::add_static(std::string path, std::string_view static_text) {
  std::lock_guard lock(mutex_);
  auto id = static_cast<FileId>(files_.size());
  files_.push_back(std::make_unique<SourceFile>(id, std::move(path), static_text));
  return *files_.back();
}

void SourceManager::release_text(FileId id) {
  SourceFile* file = nullptr;
  {
    std::lock_guard lock(mutex_);
    file = files_.at(id).get();
  }
  file->materialize();  // a file made from static text reads as empty afterwards too
  // Counted or not yet: a table asked for later is the empty text's, as this one is.
  file->lazy_ = false;
  std::string().swap(file->text_);
  std::vector<std::uint32_t>{0}.swap(file->line_starts_);
  file->line_count_ = 1;
}

const SourceFile* SourceManager::find_by_path(std::string_view path) const {
  std::lock_guard lock(mutex_);
  for (const auto& f : files_) {
    if (f->path() == path) return f.get();
  }
  return nullptr;
}

}  // namespace gpuspec
