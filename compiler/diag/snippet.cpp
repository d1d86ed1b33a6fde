#include "diag/snippet.h"

#include <algorithm>
#include <vector>

#include <fmt/format.h>

#include "diag/text_style.h"

namespace gpuspec {
namespace {

bool starts_code_point(char byte) { return (static_cast<unsigned char>(byte) & 0xC0) != 0x80; }

// A source line as it is shown: tabs expanded, plus the display column at which
// each code point starts, so ranges given in code points map to screen columns.
struct DisplayLine {
  std::string text;
  std::vector<std::size_t> column_of;  // column_of[i]: display column of code point i; one extra entry for the end
  std::vector<std::size_t> byte_of;    // byte_of[i]: where code point i starts in `text`; one extra entry for the end
};

// Longer lines are shown as a window around the caret, so a minified or generated
// 10,000-character line does not flood the terminal.
constexpr std::size_t kMaxSnippetWidth = 120;
constexpr std::size_t kContextBeforeCaret = 40;

DisplayLine expand_tabs(std::string_view line) {
  DisplayLine shown;
  std::size_t column = 0;
  for (std::size_t i = 0; i < line.size(); ++i) {
    char byte = line[i];
    if (!starts_code_point(byte)) {
      shown.text += byte;  // continuation byte: part of the code point already counted
      continue;
    }
    shown.column_of.push_back(column);
    shown.byte_of.push_back(shown.text.size());
    if (byte == '\t') {
      std::size_t next_stop = (column / kSnippetTabStop + 1) * kSnippetTabStop;
      shown.text.append(next_stop - column, ' ');
      column = next_stop;
    } else if (static_cast<unsigned char>(byte) < 0x20 || byte == 0x7f) {
      // A control character (a NUL in a binary file) must not reach the terminal raw.
      shown.text += "\xEF\xBF\xBD";  // U+FFFD, one column
      ++column;
    } else {
      shown.text += byte;
      ++column;
    }
  }
  shown.column_of.push_back(column);
  shown.byte_of.push_back(shown.text.size());
  return shown;
}

// Display column for a 1-based code-point column; past the end of the line it
// keeps counting one column per position (a range may point at the newline or EOF).
std::size_t display_column(const DisplayLine& shown, std::uint32_t code_point_column) {
  std::size_t index = code_point_column - 1;
  if (index < shown.column_of.size()) return shown.column_of[index];
  return shown.column_of.back() + (index - (shown.column_of.size() - 1));
}

}  // namespace

std::string render_snippet(const SourceManager& sources, SourceRange range, bool color) {
  const SourceFile& file = sources.file(range.file);
  LineColumn start = file.line_column(range.begin);
  LineColumn end = file.line_column(std::max(range.end, range.begin));
  DisplayLine shown = expand_tabs(file.line_text(start.line));

  std::size_t caret_column = display_column(shown, start.column);
  std::size_t underline_end = end.line == start.line ? display_column(shown, end.column) : shown.column_of.back();
  // At least the caret itself, even for an empty range or one starting past the text.
  std::size_t marker_width = std::max<std::size_t>(1, underline_end > caret_column ? underline_end - caret_column : 0);
  std::string marker = "^" + std::string(marker_width - 1, '~');

  std::string text = shown.text;
  if (shown.column_of.back() > kMaxSnippetWidth) {
    // Show [first, last) display columns, cut at code-point boundaries, marked with "...".
    std::size_t first = caret_column > kContextBeforeCaret ? caret_column - kContextBeforeCaret : 0;
    std::size_t last = std::min(shown.column_of.back(), first + kMaxSnippetWidth);
    auto cp_at = [&](std::size_t column) {
      return static_cast<std::size_t>(std::lower_bound(shown.column_of.begin(), shown.column_of.end(), column) -
                                      shown.column_of.begin());
    };
    std::size_t from = cp_at(first);
    std::size_t to = cp_at(last);
    std::string prefix = from > 0 ? "..." : "";
    std::string suffix = to + 1 < shown.column_of.size() ? "..." : "";
    text = prefix + shown.text.substr(shown.byte_of[from], shown.byte_of[to] - shown.byte_of[from]) + suffix;
    std::size_t shift = shown.column_of[from];
    caret_column = caret_column - shift + prefix.size();
    std::size_t room = shown.column_of[to] - shown.column_of[from] + prefix.size() + (suffix.empty() ? 1 : 0);
    marker_width = std::max<std::size_t>(1, std::min(marker_width, room > caret_column ? room - caret_column : 1));
    marker = "^" + std::string(marker_width - 1, '~');
  }

  // Like clang: the line number is right-aligned in at least four columns.
  std::string number = std::to_string(start.line);
  std::size_t width = std::max<std::size_t>(4, number.size());
  std::string out = fmt::format(" {:>{}} | {}\n", number, width, text);
  out += fmt::format(" {:>{}} | {}{}\n", "", width, std::string(caret_column, ' '),
                     text_style::paint(marker, text_style::kBoldGreen, color));
  return out;
}

}  // namespace gpuspec
