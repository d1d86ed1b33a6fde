#include "syntax/source_offsets.h"

#include <algorithm>

namespace gpuspec::syntax {

CodePointOffsets::CodePointOffsets(FileId file, std::string_view text)
    : file_(file), size_(static_cast<std::uint32_t>(text.size())) {
  bool ascii = std::all_of(text.begin(), text.end(), [](char c) { return static_cast<unsigned char>(c) < 0x80; });
  if (ascii) return;
  std::size_t code_points = 0;
  for (char c : text) code_points += (static_cast<unsigned char>(c) & 0xC0) != 0x80;
  offsets_.reserve(code_points + 1);
  for (std::uint32_t i = 0; i < text.size(); ++i) {
    if ((static_cast<unsigned char>(text[i]) & 0xC0) != 0x80) offsets_.push_back(i);
  }
  offsets_.push_back(static_cast<std::uint32_t>(text.size()));
}

SourceRange CodePointOffsets::point(std::size_t index) const {
  std::uint32_t at = byte_offset(index);
  return {file_, at, at};
}

}  // namespace gpuspec::syntax
