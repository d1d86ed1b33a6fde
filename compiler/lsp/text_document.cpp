#include "lsp/text_document.h"

#include <algorithm>
#include <cstring>

namespace gpuspec::lsp {

namespace {

// UTF-8 lead byte to the number of UTF-16 code units its code point takes: 2 for
// the four-byte sequences (outside the Basic Multilingual Plane), 0 for
// continuation bytes, 1 otherwise (a stray byte counts as one unit).
std::uint32_t utf16_units(unsigned char byte) {
  if ((byte & 0xC0) == 0x80) return 0;
  return (byte & 0xF8) == 0xF0 ? 2 : 1;
}

}  // namespace

LineMap::LineMap(std::string_view text) {
  starts_.push_back(0);
  // memchr: a byte loop here was a tenth of a publish of a large document.
  const char* begin = text.data();
  const char* end = begin + text.size();
  for (const char* p = begin; p < end;) {
    const auto* newline = static_cast<const char*>(std::memchr(p, '\n', static_cast<std::size_t>(end - p)));
    if (!newline) break;
    starts_.push_back(static_cast<std::uint32_t>(newline - begin + 1));
    p = newline + 1;
  }
  // The non-ASCII bytes, eight at a time: most texts have none, and then a column is a
  // difference of offsets.
  constexpr std::uint64_t kHighBits = 0x8080808080808080ull;
  std::size_t i = 0;
  for (; i + 8 <= text.size(); i += 8) {
    std::uint64_t word;
    std::memcpy(&word, begin + i, 8);
    if (!(word & kHighBits)) continue;
    for (std::size_t k = i; k < i + 8; ++k) {
      if (static_cast<unsigned char>(text[k]) >= 0x80) non_ascii_.push_back(static_cast<std::uint32_t>(k));
    }
  }
  for (; i < text.size(); ++i) {
    if (static_cast<unsigned char>(text[i]) >= 0x80) non_ascii_.push_back(static_cast<std::uint32_t>(i));
  }
}

std::optional<std::uint32_t> LineMap::offset_of(std::string_view text, Position position) const {
  if (position.line >= starts_.size()) return std::nullopt;
  std::uint32_t at = starts_[position.line];
  std::uint32_t end = position.line + 1 < starts_.size() ? starts_[position.line + 1] - 1 : static_cast<std::uint32_t>(text.size());
  if (end > at && text[end - 1] == '\r') --end;  // a character never points into "\r\n"
  std::uint32_t units = 0;
  while (at < end && units < position.character) {
    units += utf16_units(static_cast<unsigned char>(text[at]));
    ++at;
    while (at < end && utf16_units(static_cast<unsigned char>(text[at])) == 0) ++at;
  }
  return at;
}

Position LineMap::position_of(std::string_view text, std::uint32_t offset) const {
  offset = std::min<std::uint32_t>(offset, static_cast<std::uint32_t>(text.size()));
  auto it = std::upper_bound(starts_.begin(), starts_.end(), offset);
  auto line = static_cast<std::uint32_t>(std::distance(starts_.begin(), it) - 1);
  const std::uint32_t start = starts_[line];
  auto wide = std::lower_bound(non_ascii_.begin(), non_ascii_.end(), start);
  if (wide == non_ascii_.end() || *wide >= offset) return {line, offset - start};  // ASCII: a byte is a unit
  std::uint32_t units = 0;
  for (std::uint32_t i = start; i < offset; ++i) units += utf16_units(static_cast<unsigned char>(text[i]));
  return {line, units};
}

TextDocument::TextDocument(std::string text, std::int64_t version)
    : text_(std::move(text)), version_(version), lines_(text_) {}

bool TextDocument::apply(Position start, Position end, std::string_view text) {
  auto from = offset_of(start);
  auto to = offset_of(end);
  if (!from || !to || *to < *from) return false;
  unchanged_.prefix = std::min(unchanged_.prefix, *from);
  unchanged_.suffix = std::min(unchanged_.suffix, static_cast<std::uint32_t>(text_.size()) - *to);
  text_.replace(*from, *to - *from, text);
  lines_ = LineMap(text_);
  return true;
}

void TextDocument::replace(std::string text) {
  unchanged_ = {};
  text_ = std::move(text);
  lines_ = LineMap(text_);
}

}  // namespace gpuspec::lsp
