#include "lsp/locations.h"

#include <filesystem>

#include "lsp/uri.h"

namespace gpuspec::lsp {

const LineMap& Locator::lines_of(FileId file) {
  if (file == known_file_) return *known_lines_;
  auto it = lines_.find(file);
  if (it != lines_.end()) return it->second;
  const std::string& text = analysis_.sources().file(file).text();
  if (known_lines_ && known_file_ == kNoFile && text == known_text_) {
    known_file_ = file;  // compared once
    return *known_lines_;
  }
  return lines_.emplace(file, LineMap(text)).first->second;
}

std::pair<Position, Position> Locator::positions(SourceRange range) {
  // Nearly every range of a publish is the document's: the last file's text and lines
  // are kept at hand (the source table takes a lock, the line maps a look-up).
  if (range.file != last_file_) {
    last_file_ = range.file;
    last_text_ = &analysis_.sources().file(range.file).text();
    last_lines_ = &lines_of(range.file);
  }
  return {last_lines_->position_of(*last_text_, range.begin), last_lines_->position_of(*last_text_, range.end)};
}

Json Locator::range(SourceRange range) {
  auto [start, end] = positions(range);
  return range_json(start, end);
}

std::optional<std::string> Locator::uri_of(FileId file) {
  if (file == analysis_.document().id()) return document_uri_;
  if (auto known = uris_.find(file); known != uris_.end()) return known->second;
  return uris_.emplace(file, file_uri(file)).first->second;
}

bool Locator::has_uri(FileId file) {
  if (file == last_uri_file_) return last_has_uri_;
  if (file == analysis_.document().id()) return true;
  auto known = uris_.find(file);
  if (known == uris_.end()) known = uris_.emplace(file, file_uri(file)).first;
  last_uri_file_ = file;
  last_has_uri_ = known->second.has_value();
  return last_has_uri_;
}

std::optional<std::string> Locator::file_uri(FileId file) {
  const std::string& path = analysis_.sources().file(file).path();
  if (is_library_path(path)) {
    auto materialised = library_.path_for(path, analysis_.library_files(), error_);
    if (!materialised) return std::nullopt;
    return uri_from_path(*materialised);
  }
  std::error_code ec;
  return uri_from_path(std::filesystem::absolute(path, ec).lexically_normal().string());
}

std::optional<Json> Locator::location(SourceRange source_range) {
  if (!source_range.valid()) return std::nullopt;
  auto uri = uri_of(source_range.file);
  if (!uri) return std::nullopt;
  return Json{{"uri", *uri}, {"range", range(source_range)}};
}

}  // namespace gpuspec::lsp
