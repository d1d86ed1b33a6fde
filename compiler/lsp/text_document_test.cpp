#include "lsp/text_document.h"

#include <gtest/gtest.h>

namespace gpuspec::lsp {
namespace {

TEST(LineMap, CountsUtf16CodeUnits) {
  // "é" is two bytes and one UTF-16 unit; "😀" is four bytes and two units.
  std::string text = "a\xC3\xA9" "b\n\xF0\x9F\x98\x80x\n";
  LineMap lines(text);
  EXPECT_EQ(lines.line_count(), 3u);
  EXPECT_EQ(lines.offset_of(text, {0, 2}), 3u);  // after "aé"
  EXPECT_EQ(lines.offset_of(text, {1, 2}), 9u);  // after the emoji
  EXPECT_EQ(lines.offset_of(text, {1, 3}), 10u);
  EXPECT_EQ(lines.position_of(text, 9).character, 2u);
  EXPECT_EQ(lines.position_of(text, 3).character, 2u);
}

TEST(LineMap, CharacterPastTheLineEndMeansTheEnd) {
  std::string text = "ab\r\ncd";
  LineMap lines(text);
  EXPECT_EQ(lines.offset_of(text, {0, 99}), 2u);  // before "\r\n", never inside it
  EXPECT_EQ(lines.offset_of(text, {1, 99}), 6u);
  EXPECT_EQ(lines.offset_of(text, {2, 0}), std::nullopt);
}

TEST(TextDocument, AppliesIncrementalChangesInOrder) {
  TextDocument doc("server a {\n  gpu = x\n}\n", 1);
  ASSERT_TRUE(doc.apply({1, 8}, {1, 9}, "4 x nvidia.l40s"));
  ASSERT_TRUE(doc.apply({0, 7}, {0, 8}, "big"));
  EXPECT_EQ(doc.text(), "server big {\n  gpu = 4 x nvidia.l40s\n}\n");
  ASSERT_TRUE(doc.apply({1, 0}, {2, 0}, ""));  // delete a whole line
  EXPECT_EQ(doc.text(), "server big {\n}\n");
  EXPECT_EQ(doc.offset_of({1, 1}), 14u);
}

TEST(TextDocument, RefusesRangesOutsideTheDocument) {
  TextDocument doc("a\nb", 1);
  EXPECT_FALSE(doc.apply({5, 0}, {5, 0}, "x"));
  EXPECT_FALSE(doc.apply({1, 1}, {0, 0}, "x"));  // reversed
  EXPECT_EQ(doc.text(), "a\nb");
}

}  // namespace
}  // namespace gpuspec::lsp
