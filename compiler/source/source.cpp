#include "source/source.h"

#include <string_view>

#include <algorithm>

#include "source/utf8.h"

namespace gpuspec {

SourceFile::SourceFile(FileId id, std::string path, std::string text, bool embedded)
    : id_(id), path_(std::move(path)), text_(std::move(text)), embedded_(embedded) {
  count_lines();
}

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
  for (std::size_t nl = all.find('\n'); nl != std::string_view::npos; nl = all.find('\n', nl + 1)) {
    if (line_count_++ % kLineStride == 0) line_starts_.push_back(static_cast<std::uint32_t>(nl + 1));
  }
}

std::uint32_t SourceFile::line_start(std::uint32_t index) const {
  std::uint32_t start = line_starts_[index / kLineStride];
  for (std::uint32_t i = index % kLineStride; i > 0; --i) {
    start = static_cast<std::uint32_t>(std::string_view(text_).find('\n', start) + 1);
  }
  return start;
}

LineColumn SourceFile::line_column(std::uint32_t offset) const {
  materialize();
  offset = std::min<std::uint32_t>(offset, static_cast<std::uint32_t>(text_.size()));
  // The last line starting at or before `offset`: the last stored start there, then on
  // from it while the next line still starts there.
  auto it = std::upper_bound(line_starts_.begin(), line_starts_.end(), offset);
  auto line_index = static_cast<std::uint32_t>(std::distance(line_starts_.begin(), it) - 1) * kLineStride;
  std::uint32_t start = line_starts_[line_index / kLineStride];
  std::string_view all(text_);
  for (std::size_t nl = all.find('\n', start); nl != std::string_view::npos && nl + 1 <= offset;
       nl = all.find('\n', start)) {
    start = static_cast<std::uint32_t>(nl + 1);
    ++line_index;
  }
  auto column = utf8::count_code_points(all.substr(start, offset - start));
  return {line_index + 1, static_cast<std::uint32_t>(column + 1)};
}

std::string_view SourceFile::line_text(std::uint32_t line) const {
  materialize();
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
