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

// The publish copies what it wrote for findings in the text left alone since it last
// marked the text: the bytes before the first change and after the last.
TEST(TextDocument, KnowsWhatIsAsItWasWhenMarked) {
  TextDocument doc("abc\ndef\nghi\n", 1);
  EXPECT_EQ(doc.unchanged_since_mark().prefix, 0u);  // never marked: nothing is known
  EXPECT_EQ(doc.unchanged_since_mark().suffix, 0u);
  doc.mark();
  EXPECT_EQ(doc.unchanged_since_mark().prefix, 12u);
  EXPECT_EQ(doc.unchanged_since_mark().suffix, 12u);
  ASSERT_TRUE(doc.apply({1, 1}, {1, 2}, "XY"));  // "e" (bytes 5-6) becomes "XY"
  EXPECT_EQ(doc.unchanged_since_mark().prefix, 5u);  // "abc\nd"
  EXPECT_EQ(doc.unchanged_since_mark().suffix, 6u);  // "f\nghi\n"
  ASSERT_TRUE(doc.apply({0, 0}, {0, 1}, ""));     // and "a" goes
  EXPECT_EQ(doc.text(), "bc\ndXYf\nghi\n");
  EXPECT_EQ(doc.unchanged_since_mark().prefix, 0u);
  EXPECT_EQ(doc.unchanged_since_mark().suffix, 6u);
  doc.replace("new");  // a full-text change: nothing is known to be as it was
  EXPECT_EQ(doc.unchanged_since_mark().prefix, 0u);
  EXPECT_EQ(doc.unchanged_since_mark().suffix, 0u);
  doc.mark();
  EXPECT_EQ(doc.unchanged_since_mark().suffix, 3u);
}

TEST(TextDocument, RefusesRangesOutsideTheDocument) {
  TextDocument doc("a\nb", 1);
  EXPECT_FALSE(doc.apply({5, 0}, {5, 0}, "x"));
  EXPECT_FALSE(doc.apply({1, 1}, {0, 0}, "x"));  // reversed
  EXPECT_EQ(doc.text(), "a\nb");
}

}  // namespace
}  // namespace gpuspec::lsp
