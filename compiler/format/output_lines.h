// The formatter's output before alignment: one record per line, so that the `=`
// of a run of properties and the trailing comments of consecutive lines can be
// lined up once every line is known.
#pragma once

#include <string>
#include <vector>

namespace gpuspec::format {

struct OutputLine {
  std::string code;        // with its indentation; empty for a blank line
  std::string comment;     // a trailing comment, printed after the code
  int align_group = -1;    // lines of one group get their `=` in one column
  std::size_t key_end = 0; // where a grouped line's key ends (padding goes there)
};

// Joins the lines, "\n"-terminated, after aligning `=` within each group and the
// trailing comments of consecutive lines (one space after the longest code).
std::string render_lines(std::vector<OutputLine> lines);

}  // namespace gpuspec::format
