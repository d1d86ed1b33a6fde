// Open documents as the client sees them. LSP positions are (line, character) with
// the character counted in UTF-16 code units; the compiler counts bytes. LineMap
// converts between the two for any text; TextDocument applies the client's
// incremental edits to an open buffer.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace gpuspec::lsp {

struct Position {
  std::uint32_t line = 0;       // 0-based
  std::uint32_t character = 0;  // UTF-16 code units from the line start
};

class LineMap {
 public:
  explicit LineMap(std::string_view text);

  // The byte offset of `position`; a character past the line's end means the end
  // (as LSP specifies). nullopt when the line does not exist.
  std::optional<std::uint32_t> offset_of(std::string_view text, Position position) const;
  // The position of a byte offset (clamped to the text).
  Position position_of(std::string_view text, std::uint32_t offset) const;
  std::uint32_t line_count() const { return static_cast<std::uint32_t>(starts_.size()); }

 private:
  std::vector<std::uint32_t> starts_;
  std::vector<std::uint32_t> non_ascii_;  // the offsets of the bytes >= 0x80, ascending
};

// How much of a text is as it was at an earlier time: its first `prefix` bytes and its
// last `suffix` bytes (at least; they may overlap when nothing changed).
struct Unchanged {
  std::uint32_t prefix = 0;
  std::uint32_t suffix = 0;
};

class TextDocument {
 public:
  TextDocument(std::string text, std::int64_t version);

  const std::string& text() const { return text_; }
  std::int64_t version() const { return version_; }
  const LineMap& lines() const { return lines_; }

  std::optional<std::uint32_t> offset_of(Position position) const { return lines_.offset_of(text_, position); }
  Position position_of(std::uint32_t offset) const { return lines_.position_of(text_, offset); }

  // One incremental change: replaces [start, end) with `text`. Returns false, and
  // changes nothing, when either end is on a line the document does not have or
  // the range is reversed.
  bool apply(Position start, Position end, std::string_view text);
  // A full-text change.
  void replace(std::string text);
  void set_version(std::int64_t version) { version_ = version; }

  // What is as it was when mark() was last called (nothing, before the first call):
  // the publish copies what it wrote for the findings there (diagnostics.h).
  Unchanged unchanged_since_mark() const { return unchanged_; }
  void mark() { unchanged_ = {static_cast<std::uint32_t>(text_.size()), static_cast<std::uint32_t>(text_.size())}; }

 private:
  std::string text_;
  Unchanged unchanged_;
  std::int64_t version_;
  LineMap lines_;
};

}  // namespace gpuspec::lsp
