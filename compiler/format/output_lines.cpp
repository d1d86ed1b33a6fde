#include "format/output_lines.h"

#include <algorithm>
#include <map>

namespace gpuspec::format {

namespace {

// Code widths count code points, so that aligned columns look aligned.
std::size_t width(const std::string& text) {
  std::size_t n = 0;
  for (unsigned char c : text) n += (c & 0xC0) != 0x80;
  return n;
}

void align_assignments(std::vector<OutputLine>& lines) {
  std::map<int, std::size_t> widest;
  for (const auto& line : lines) {
    if (line.align_group >= 0) widest[line.align_group] = std::max(widest[line.align_group], line.key_end);
  }
  for (auto& line : lines) {
    if (line.align_group < 0) continue;
    line.code.insert(line.key_end, widest[line.align_group] - line.key_end, ' ');
  }
}

// A multi-line block comment only aligns its first line: the rest is its own text.
void align_trailing_comments(std::vector<OutputLine>& lines) {
  std::size_t i = 0;
  while (i < lines.size()) {
    if (lines[i].comment.empty()) {
      ++i;
      continue;
    }
    std::size_t end = i;
    std::size_t column = 0;
    while (end < lines.size() && !lines[end].comment.empty()) column = std::max(column, width(lines[end++].code));
    for (; i < end; ++i) lines[i].code += std::string(column - width(lines[i].code) + 1, ' ') + lines[i].comment;
  }
}

}  // namespace

std::string render_lines(std::vector<OutputLine> lines) {
  align_assignments(lines);
  align_trailing_comments(lines);
  std::string out;
  for (const auto& line : lines) {
    out += line.code;
    out += '\n';
  }
  return out;
}

}  // namespace gpuspec::format
