#include "backends/writers/markdown_table.h"

namespace gpuspec::writers {

std::string markdown_cell(std::string_view text) {
  std::string out;
  for (std::size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (c == '|' || c == '\\') {
      out += '\\';
      out += c;
    } else if (c == '\r') {
      if (i + 1 < text.size() && text[i + 1] == '\n') ++i;
      out += "<br>";
    } else if (c == '\n') {
      out += "<br>";
    } else {
      out += c;
    }
  }
  return out;
}

void MarkdownTable::header(std::vector<std::string> names, std::vector<Align> align) {
  header_ = std::move(names);
  align_ = std::move(align);
  align_.resize(header_.size(), Align::Left);
}

void MarkdownTable::row(std::vector<std::string> cells) {
  cells.resize(header_.size());
  rows_.push_back(std::move(cells));
}

std::string MarkdownTable::str() const {
  auto line = [](const std::vector<std::string>& cells) {
    std::string out = "|";
    for (const auto& c : cells) out += " " + markdown_cell(c) + " |";
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
