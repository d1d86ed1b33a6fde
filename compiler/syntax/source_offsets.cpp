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

std::uint32_t CodePointOffsets::byte_offset(std::size_t index) const {
  if (offsets_.empty()) return static_cast<std::uint32_t>(std::min<std::size_t>(index, size_));
  return offsets_[std::min(index, offsets_.size() - 1)];
}

SourceRange CodePointOffsets::range(std::size_t start, std::size_t stop_inclusive) const {
  std::uint32_t begin = byte_offset(start);
  std::uint32_t end = stop_inclusive + 1 > start ? byte_offset(stop_inclusive + 1) : begin;
  return {file_, begin, std::max(begin, end)};
}

SourceRange CodePointOffsets::point(std::size_t index) const {
  std::uint32_t at = byte_offset(index);
  return {file_, at, at};
}

}  // namespace gpuspec::syntax
