// Markdown (GitHub-flavoured) tables: the writer escapes `|` and backslashes and turns
// line breaks into <br> so a cell can never break the table.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace gpuspec::writers {

std::string markdown_cell(std::string_view text);

class MarkdownTable {
 public:
  enum class Align { Left, Right };
  void header(std::vector<std::string> names, std::vector<Align> align = {});
  void row(std::vector<std::string> cells);
  std::string str() const;

 private:
  std::vector<std::string> header_;
  std::vector<Align> align_;
  std::vector<std::vector<std::string>> rows_;
};

}  // namespace gpuspec::writers
