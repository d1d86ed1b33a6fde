// Compiler source ranges (file id, byte offsets) to LSP ranges and locations. The
// document keeps the client's URI; imports get file URIs of their paths; library
// files point at their materialised copies (library_files.h).
#pragma once

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include "lsp/compiler_adapter.h"
#include "lsp/library_files.h"
#include "lsp/protocol.h"

namespace gpuspec::lsp {

class Locator {
 public:
  Locator(const Analysis& analysis, LibraryFiles& library, std::string document_uri)
      : analysis_(analysis), library_(library), document_uri_(std::move(document_uri)) {}

  // The range of `range` in its own file.
  Json range(SourceRange range);
  // The same as two positions (what `range` writes).
  std::pair<Position, Position> positions(SourceRange range);
  // {uri, range}; nullopt for an invalid range or a library file that could not be materialised.
  std::optional<Json> location(SourceRange range);
  std::optional<std::string> uri_of(FileId file);
  // Whether uri_of(file) has a URI (without copying it: the publish asks for each note).
  bool has_uri(FileId file);
  // The line map of `text`, already made (the open document's): used for a file whose
  // text is the same, instead of making it again (a large document's took 0.3 M
  // instructions per publish). `text` and `lines` must outlive the locator.
  void reuse_lines(std::string_view text, const LineMap& lines) {
    known_text_ = text;
    known_lines_ = &lines;
  }
  // Why a library file could not be materialised (its locations are left out); empty if none.
  const std::string& error() const { return error_; }

 private:
  const LineMap& lines_of(FileId file);
  std::optional<std::string> file_uri(FileId file);  // uri_of without the memo

  const Analysis& analysis_;
  LibraryFiles& library_;
  std::string document_uri_;
  std::map<FileId, LineMap> lines_;  // a map's nodes stay put: last_lines_ points at one
  std::string_view known_text_;
  const LineMap* known_lines_ = nullptr;
  FileId known_file_ = kNoFile;  // the file found to have known_text_
  FileId last_file_ = kNoFile;
  const std::string* last_text_ = nullptr;
  const LineMap* last_lines_ = nullptr;
  // uri_of's answers: a diagnostic's notes name the same few files again and again.
  std::map<FileId, std::optional<std::string>> uris_;
  FileId last_uri_file_ = kNoFile;  // has_uri's last question and answer
  bool last_has_uri_ = false;
  std::string error_;
};

}  // namespace gpuspec::lsp
