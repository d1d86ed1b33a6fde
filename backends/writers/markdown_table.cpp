#include "backends/writers/markdown_table.h"

#include <algorithm>

#include "source/printable.h"

namespace gpuspec::writers {

namespace {

void append_escaped(std::string& out, std::string_view segment) {
  for (char c : printable(segment)) {
    switch (c) {
      case '|': case '\\': case '`': case '*': case '[': case ']': out += '\\'; out += c; break;
      case '<': out += "&lt;"; break;
      case '&': out += "&amp;"; break;
      default: out += c;
    }
  }
}

}  // namespace

std::string markdown_cell(std::string_view text) {
  std::string out;
  std::size_t start = 0;
  while (start <= text.size()) {
    std::size_t end = text.find_first_of("\r\n", start);
    if (end == std::string_view::npos) end = text.size();
    append_escaped(out, text.substr(start, end - start));
    if (end == text.size()) break;
    out += "<br>";
    start = end + (text[end] == '\r' && end + 1 < text.size() && text[end + 1] == '\n' ? 2 : 1);
  }
  return out;
}

std::string markdown_code(std::string_view text) {
  std::string body;
  std::size_t run = 0, longest = 0;
  for (char c : printable(text)) {
    run = c == '`' ? run + 1 : 0;
    longest = std::max(longest, run);
    if (c == '|') body += '\\';
    body += c;
  }
  std::string fence(longest + 1, '`');
  // A code span that starts or ends with a backquote needs a space inside the fence.
  bool pad = !body.empty() && (body.front() == '`' || body.back() == '`');
  return fence + (pad ? " " : "") + body + (pad ? " " : "") + fence;
}

void MarkdownTable::header(std::vector<std::string> names, std::vector<Align> align) {
  for (auto& name : names) name = markdown_cell(name);
  header_ = std::move(names);
  align_ = std::move(align);
  align_.resize(header_.size(), Align::Left);
}

void MarkdownTable::row(std::vector<std::string> cells) {
  for (auto& cell : cells) cell = markdown_cell(cell);
  row_markdown(std::move(cells));
}

void MarkdownTable::row_markdown(std::vector<std::string> cells) {
  cells.resize(header_.size());
  rows_.push_back(std::move(cells));
}

std::string MarkdownTable::str() const {
  auto line = [](const std::vector<std::string>& cells) {
    std::string out = "|";
    for (const auto& c : cells) out += " " + c + " |";
    return out + "\n";
  };
  std::string out = line(header_);
  out += "|";
  for (auto a : align_) out += a == Align::Right ? "---:|" : "---|";
  out += "\n";
  for (const auto& r : rows_) out += line(r);
  return out;
}

}  // namespace gpuspec::writers
