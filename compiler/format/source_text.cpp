#include "format/source_text.h"

namespace gpuspec::format {

std::string SourceText::slice(std::uint32_t begin, std::uint32_t end) const {
  std::string_view text = std::string_view(source_.text()).substr(begin, end - begin);
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '\r' && i + 1 < text.size() && text[i + 1] == '\n') continue;
    out.push_back(text[i]);
  }
  return out;
}

std::string SourceText::slice(SourceRange range) const { return slice(range.begin, range.end); }

bool CommentCursor::any_inside(SourceRange range) const {
  for (std::size_t i = next_; i < comments_.size() && comments_[i].range.begin < range.end; ++i) {
    if (comments_[i].range.begin >= range.begin) return true;
  }
  return false;
}

std::string indentation(int depth) { return std::string(static_cast<std::size_t>(depth) * 2, ' '); }

}  // namespace gpuspec::format
