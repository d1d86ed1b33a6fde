// ANTLR indexes code points; our ranges are byte offsets. This maps between them.
#pragma once

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
  std::uint32_t byte_offset(std::size_t index) const;
  // Range of code points [start, stop] inclusive, as ANTLR tokens report them.
  SourceRange range(std::size_t start, std::size_t stop_inclusive) const;
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
