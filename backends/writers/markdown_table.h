// Markdown (GitHub-flavoured) tables. Cell text is literal: the writer escapes what
// would break the table (`|`, backslashes; line breaks become <br>), what would make
// links, images, code spans or emphasis (`[`, `]`, backquote, `*`), and HTML (`<` and
// `&` as entities: without `<` no tag or autolink can start, so `->` stays readable),
// so text from a spec or the catalog cannot inject markup. It
// shows control characters as escapes (source/printable.h). `_` is left alone: GFM
// does not emphasise inside words, and part names are full of it.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace gpuspec::writers {

std::string markdown_cell(std::string_view text);
// Text as inline code (`memory.total`), literal whatever it holds: a fence of more
// backquotes than any run inside, `|` escaped (GFM splits table cells first), control
// characters shown as escapes, line breaks as spaces.
std::string markdown_code(std::string_view text);

class MarkdownTable {
 public:
  enum class Align { Left, Right };
  void header(std::vector<std::string> names, std::vector<Align> align = {});
  // Plain-text cells, escaped here (markdown_cell).
  void row(std::vector<std::string> cells);
  // Cells that are Markdown already, each built from markdown_cell and markdown_code:
  // one escaping layer, never two.
  void row_markdown(std::vector<std::string> cells);
  std::string str() const;

 private:
  std::vector<std::string> header_;
  std::vector<Align> align_;
  std::vector<std::vector<std::string>> rows_;
};

}  // namespace gpuspec::writers
