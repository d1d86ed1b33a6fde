// Snippets of hostile lines: very long lines are windowed around the caret, and
// control characters are replaced so they never reach the terminal raw.
#include "diag/snippet.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace gpuspec {
namespace {

TEST(Snippet, LongLineIsWindowedAroundTheCaret) {
  SourceManager sources;
  std::string line = std::string(500, 'a') + "BAD" + std::string(500, 'b');
  const SourceFile& file = sources.add("long.gpuspec", line + "\n");
  std::string out = render_snippet(sources, {file.id(), 500, 503}, false);
  // 40 columns of context before the caret, 120 columns shown, "..." on both cut ends.
  std::string expected_text = "..." + std::string(40, 'a') + "BAD" + std::string(77, 'b') + "...";
  std::string expected_marker = std::string(3 + 40, ' ') + "^~~";
  EXPECT_EQ(out, "    1 | " + expected_text + "\n      | " + expected_marker + "\n");
}

TEST(Snippet, ShortLineIsShownWhole) {
  SourceManager sources;
  const SourceFile& file = sources.add("short.gpuspec", "memory = 256 GBs\n");
  EXPECT_EQ(render_snippet(sources, {file.id(), 13, 16}, false),
            "    1 | memory = 256 GBs\n      |              ^~~\n");
}

TEST(Snippet, ControlCharactersAreReplaced) {
  SourceManager sources;
  const SourceFile& file = sources.add("nul.gpuspec", std::string("a\0b\x1b[31m", 8) + "\n");
  std::string out = render_snippet(sources, {file.id(), 1, 2}, false);
  EXPECT_EQ(out.find('\0'), std::string::npos);
  EXPECT_EQ(out.find('\x1b'), std::string::npos);
  EXPECT_EQ(out, "    1 | a\xEF\xBF\xBD" "b\xEF\xBF\xBD[31m\n      |  ^\n");
}


// Short printable ASCII lines take a shortcut past the general layout; both must give
// the same bytes for every range on them: empty, one column, to the end of the line,
// past it, across lines, on the last line without a newline, on CRLF lines, with and
// without colour, and on lines that must take the general path (tabs, UTF-8, length).
TEST(Snippet, ShortcutForPlainLinesMatchesTheGeneralLayout) {
  SourceManager sources;
  std::string long_line(130, 'z');
  std::vector<std::string> texts = {
      "memory = 256 GBs\nserver s0 {\n  gpu = 4 x a100\n}\n",
      "crlf = 1\r\nnext line\r\n",
      "no newline at the end",
      "",
      "\n\n\n",
      "tab\there\n\xC3\xA9t\xC3\xA9 = 1\n" + long_line + "\nshort\n",
  };
  for (const auto& text : texts) {
    const SourceFile& file = sources.add("s.gpuspec", text);
    auto size = static_cast<std::uint32_t>(text.size());
    for (std::uint32_t begin = 0; begin <= size + 1; ++begin) {
      for (std::uint32_t end : {begin, begin + 1, begin + 3, begin + 12, size, size + 2}) {
        if (end < begin) continue;
        for (bool color : {false, true}) {
          SourceRange range{file.id(), begin, end};
          EXPECT_EQ(render_snippet(sources, range, color), detail::render_general_snippet(sources, range, color))
              << "text " << text.size() << " range " << begin << "-" << end << " color " << color;
        }
      }
    }
  }
}

TEST(Snippet, AppendsAfterWhatIsThere) {
  SourceManager sources;
  const SourceFile& file = sources.add("short.gpuspec", "memory = 256 GBs\n");
  std::string out = "before\n";
  append_snippet(out, sources, {file.id(), 13, 16}, false);
  EXPECT_EQ(out, "before\n    1 | memory = 256 GBs\n      |              ^~~\n");
}

}  // namespace
}  // namespace gpuspec
