// Snippets of hostile lines: very long lines are windowed around the caret, and
// control characters are replaced so they never reach the terminal raw.
#include "diag/snippet.h"

#include <gtest/gtest.h>

#include <string>

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

}  // namespace
}  // namespace gpuspec
