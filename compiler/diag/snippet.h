// The two-line source excerpt under a diagnostic: the echoed source line behind a
// line-number gutter, then a caret line marking the range.
//
//     3 |   memory = 256 GBs
//       |                ^~~
#pragma once

#include <string>
#include <string_view>

#include "source/source.h"

namespace gpuspec {

// Columns are Unicode code points; tabs expand to the next multiple of
// kSnippetTabStop in both lines, so the caret stays under the right character.
// A range that continues on later lines is underlined to the end of its first line.
inline constexpr unsigned kSnippetTabStop = 8;

// Lines that follow a snippet ("= note:", "help:", "fix-it:") start with this
// indent, so they line up with the gutter bar of a snippet with short line numbers.
inline constexpr std::string_view kSnippetIndent = "      ";

// Both lines, each ending in "\n". The range must be valid.
std::string render_snippet(const SourceManager& sources, SourceRange range, bool color);

// The same appended to `out`; `start` is where the range starts, when the caller knows.
void append_snippet(std::string& out, const SourceManager& sources, SourceRange range, bool color);
void append_snippet(std::string& out, const SourceFile& file, SourceRange range, LineColumn start, bool color);

namespace detail {
// The layout for any line (tabs, control characters, UTF-8, windowing), which
// append_snippet skips for short printable ASCII lines; for snippet_test to compare.
std::string render_general_snippet(const SourceManager& sources, SourceRange range, bool color);
}  // namespace detail

}  // namespace gpuspec
