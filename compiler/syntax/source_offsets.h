// ANTLR indexes code points; our ranges are byte offsets. This maps between them.
#pragma once

#include <algorithm>
#include <cstdint>
#include <string_view>
#include <vector>

#include "source/source.h"

namespace gpuspec::syntax {

// ASCII text (almost every spec) keeps no table: code point i is byte i. Otherwise
// the table holds one 32-bit offset per code point.
class CodePointOffsets {
 public:
  CodePointOffsets(FileId file, std::string_view utf8_text);
  // Byte offset of code point `index` (index == count gives the end of the text).
  // Inline, as range(): the lexer asks for every token's range (issue 28).
  std::uint32_t byte_offset(std::size_t index) const {
    if (offsets_.empty()) return static_cast<std::uint32_t>(std::min<std::size_t>(index, size_));
    return offsets_[std::min(index, offsets_.size() - 1)];
  }
  // Range of code points [start, stop] inclusive, as ANTLR tokens report them.
  SourceRange range(std::size_t start, std::size_t stop_inclusive) const {
    std::uint32_t begin = byte_offset(start);
    std::uint32_t end = stop_inclusive + 1 > start ? byte_offset(stop_inclusive + 1) : begin;
    return {file_, begin, std::max(begin, end)};
  }
  SourceRange point(std::size_t index) const;
  FileId file() const { return file_; }
  // Whether the text is ASCII: code point i is byte i.
  bool ascii() const { return offsets_.empty(); }

 private:
  FileId file_;
  std::uint32_t size_ = 0;               // bytes of text
  std::vector<std::uint32_t> offsets_;   // empty for ASCII text
};

}  // namespace gpuspec::syntax
