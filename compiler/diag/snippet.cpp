#include "diag/snippet.h"

#include <algorithm>
#include <charconv>
#include <vector>

#include <fmt/format.h>

#include "diag/text_style.h"
#include "source/printable.h"
#include "source/utf8.h"
#include "source/word_scan.h"

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
    // A continuation byte here follows no sequence that was shown: invalid, and not a
    // code point of its own (columns count lead bytes), so it is left out.
    if (!starts_code_point(byte)) continue;
    shown.column_of.push_back(column);
    shown.byte_of.push_back(shown.text.size());
    if (static_cast<unsigned char>(byte) >= 0x80) {
      // A sequence is shown whole; a byte that is not UTF-8 (a Latin-1 é) and a code
      // point that hides or moves text (bidirectional controls) never reach the
      // terminal raw: U+FFFD, one column, as printable() escapes them in messages.
      std::uint32_t cp = 0;
      std::size_t length = utf8::decode(line, i, cp);
      if (length == 0 || utf8::is_hidden(cp)) {
        shown.text += "\xEF\xBF\xBD";
        while (i + 1 < line.size() && !starts_code_point(line[i + 1])) ++i;  // its continuation bytes
      } else {
        shown.text.append(line.substr(i, length));
        i += length - 1;
      }
      ++column;
    } else if (byte == '\t') {
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

// The snippet of any line: tabs expanded, control characters replaced, code points
// mapped to display columns, long lines windowed around the caret.
void append_general_snippet(std::string& out, const SourceFile& file, LineColumn start, LineColumn end, bool color) {
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
  out += fmt::format(" {:>{}} | {}\n", number, width, text);
  out += fmt::format(" {:>{}} | {}{}\n", "", width, std::string(caret_column, ' '),
                     text_style::paint(marker, text_style::kBoldGreen, color));
}

// Bytes a line may hold for the plain layout below: printable ASCII, no tab.
bool plain_ascii(std::string_view line) {
  using namespace word_scan;
  std::size_t i = 0;
  for (; i + kWordSize <= line.size(); i += kWordSize) {
    std::uint64_t word = load(line.data() + i);
    if (any_below(word, 0x20) | any_equal(word, 0x7f) | any_high(word)) return false;
  }
  for (; i < line.size(); ++i) {
    auto c = static_cast<unsigned char>(line[i]);
    if (c < 0x20 || c >= 0x7f) return false;
  }
  return true;
}

}  // namespace

void append_snippet(std::string& out, const SourceFile& file, SourceRange range, LineColumn start, bool color) {
  LineColumn end = file.line_column(std::max(range.end, range.begin));
  std::string_view line = file.line_text(start.line);
  if (line.size() > kMaxSnippetWidth || !plain_ascii(line)) {
    append_general_snippet(out, file, start, end, color);
    return;
  }
  // Printable ASCII without tabs, short enough to show whole: a code point is a byte
  // and a display column, so what the general path computes is plain arithmetic
  // (snippet_test compares the two).
  std::size_t caret_column = start.column - 1;
  std::size_t underline_end = end.line == start.line ? end.column - 1 : line.size();
  std::size_t marker_width = std::max<std::size_t>(1, underline_end > caret_column ? underline_end - caret_column : 0);
  char digits[16];
  auto number_size = static_cast<std::size_t>(std::to_chars(digits, digits + sizeof digits, start.line).ptr - digits);
  std::size_t width = std::max<std::size_t>(4, number_size);
  out += ' ';
  out.append(width - number_size, ' ');
  out.append(digits, number_size);
  out.append(" | ", 3);
  out.append(line);
  out += '\n';
  out += ' ';
  out.append(width, ' ');
  out.append(" | ", 3);
  out.append(caret_column, ' ');
  if (color) out.append(text_style::kBoldGreen);  // paint(): the marker is never empty
  out += '^';
  out.append(marker_width - 1, '~');
  if (color) out.append(text_style::kReset);
  out += '\n';
}

void append_snippet(std::string& out, const SourceManager& sources, SourceRange range, bool color) {
  const SourceFile& file = sources.file(range.file);
  append_snippet(out, file, range, file.line_column(range.begin), color);
}

std::string render_snippet(const SourceManager& sources, SourceRange range, bool color) {
  std::string out;
  append_snippet(out, sources, range, color);
  return out;
}

namespace detail {

std::string render_general_snippet(const SourceManager& sources, SourceRange range, bool color) {
  const SourceFile& file = sources.file(range.file);
  std::string out;
  append_general_snippet(out, file, file.line_column(range.begin), file.line_column(std::max(range.end, range.begin)), color);
  return out;
}

}  // namespace detail

}  // namespace gpuspec
