// The source model: byte offsets to line/column (columns in code points), line
// text without terminators, clamped slices, and UTF-8 validation.
#include "source/source.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <iterator>
#include <optional>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "source/utf8.h"

namespace gpuspec {
namespace {

::testing::AssertionResult is_at(const SourceFile& file, std::uint32_t offset, std::uint32_t line,
                                 std::uint32_t column) {
  LineColumn lc = file.line_column(offset);
  if (lc.line == line && lc.column == column) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << "offset " << offset << " is " << lc.line << ":" << lc.column
                                       << ", expected " << line << ":" << column;
}

TEST(SourceFileTest, EmptyFileHasOneEmptyLine) {
  SourceFile file(0, "empty.gpuspec", "", false);
  EXPECT_EQ(file.line_count(), 1u);
  EXPECT_TRUE(is_at(file, 0, 1, 1));
  EXPECT_EQ(file.line_text(1), "");
  EXPECT_EQ(file.line_text(0), "");
  EXPECT_EQ(file.line_text(2), "");
}

TEST(SourceFileTest, LineColumnOfAsciiText) {
  SourceFile file(0, "a.gpuspec", "ab\ncd\n\nx", false);
  EXPECT_EQ(file.line_count(), 4u);
  EXPECT_TRUE(is_at(file, 0, 1, 1));
  EXPECT_TRUE(is_at(file, 1, 1, 2));
  EXPECT_TRUE(is_at(file, 2, 1, 3));  // the newline itself ends line 1
  EXPECT_TRUE(is_at(file, 3, 2, 1));
  EXPECT_TRUE(is_at(file, 6, 3, 1));
  EXPECT_TRUE(is_at(file, 7, 4, 1));
  EXPECT_TRUE(is_at(file, 8, 4, 2));  // end of text
}

TEST(SourceFileTest, OffsetsPastTheEndAreClamped) {
  SourceFile file(0, "a.gpuspec", "ab\ncd", false);
  EXPECT_TRUE(is_at(file, 5, 2, 3));
  EXPECT_TRUE(is_at(file, 1000, 2, 3));
  EXPECT_TRUE(is_at(file, 0xffffffffu, 2, 3));
}

TEST(SourceFileTest, ColumnsCountCodePointsNotBytes) {
  // "é" is 2 bytes, "€" 3, "😀" 4: each is one column.
  std::string text = "x = \"\xC3\xA9\xE2\x82\xAC\xF0\x9F\x98\x80\" y";
  SourceFile file(0, "u.gpuspec", text, false);
  EXPECT_TRUE(is_at(file, 5, 1, 6));   // é
  EXPECT_TRUE(is_at(file, 7, 1, 7));   // €
  EXPECT_TRUE(is_at(file, 10, 1, 8));  // 😀
  EXPECT_TRUE(is_at(file, 14, 1, 9));  // closing quote
  EXPECT_TRUE(is_at(file, 16, 1, 11)); // y
}

TEST(SourceFileTest, MultiByteTextOnLaterLines) {
  std::string text = "\xC3\xA9\xC3\xA9\n\xE2\x82\xAC" "ab";
  SourceFile file(0, "u.gpuspec", text, false);
  EXPECT_TRUE(is_at(file, 4, 1, 3));  // the newline after two é
  EXPECT_TRUE(is_at(file, 5, 2, 1));
  EXPECT_TRUE(is_at(file, 8, 2, 2));
  EXPECT_TRUE(is_at(file, 9, 2, 3));
}

TEST(SourceFileTest, CrlfLinesAndColumns) {
  SourceFile file(0, "crlf.gpuspec", "ab\r\ncd\r\n\r\nef", false);
  EXPECT_EQ(file.line_count(), 4u);
  EXPECT_TRUE(is_at(file, 4, 2, 1));
  EXPECT_TRUE(is_at(file, 5, 2, 2));
  EXPECT_TRUE(is_at(file, 10, 4, 1));
  EXPECT_EQ(file.line_text(1), "ab");
  EXPECT_EQ(file.line_text(2), "cd");
  EXPECT_EQ(file.line_text(3), "");
  EXPECT_EQ(file.line_text(4), "ef");
}

TEST(SourceFileTest, LineTextDropsTerminatorsOnly) {
  SourceFile file(0, "a.gpuspec", "  first  \nsecond\r\nthird\n", false);
  EXPECT_EQ(file.line_count(), 4u);
  EXPECT_EQ(file.line_text(1), "  first  ");
  EXPECT_EQ(file.line_text(2), "second");
  EXPECT_EQ(file.line_text(3), "third");
  EXPECT_EQ(file.line_text(4), "");  // after the final newline
  EXPECT_EQ(file.line_text(5), "");  // past the end
}

TEST(SourceFileTest, LoneCarriageReturnIsNotALineBreak) {
  // Only "\n" starts a line; a lone "\r" stays inside the line.
  SourceFile file(0, "cr.gpuspec", "a\rb\nc", false);
  EXPECT_EQ(file.line_count(), 2u);
  EXPECT_TRUE(is_at(file, 2, 1, 3));
  EXPECT_EQ(file.line_text(1), "a\rb");
}

// A file of up to 1 MiB stores every line's start, a larger one every 8th: every offset
// and line of a text of many lines (empty ones, CRLF, multi-byte text, a final newline)
// against a count done by hand here, in a small file and, followed by a last line that
// takes it past 1 MiB, in a large one.
void expect_every_line_of_a_long_text(bool past_one_mib) {
  std::string text;
  for (int i = 0; i < 40; ++i) {
    text += std::string(static_cast<std::size_t>(i % 5), 'a');
    if (i % 7 == 3) text += "\xc3\xa9";  // é: one column, two bytes
    text += i % 11 == 4 ? "\r\n" : "\n";
  }
  const std::size_t checked = text.size();
  const std::size_t last_line = past_one_mib ? (std::size_t{1} << 20) : 0;
  text += std::string(last_line, 'x');
  SourceFile file(0, "t.gpuspec", text, false);
  ASSERT_EQ(file.line_count(), 41u);  // the 40 lines and the one after the last newline
  std::uint32_t line = 1;
  std::uint32_t column = 1;
  std::size_t line_begin = 0;
  for (std::uint32_t offset = 0; offset <= checked; ++offset) {
    if (offset > 0 && text[offset - 1] == '\n') {
      EXPECT_EQ(file.line_text(line), std::string_view(text).substr(line_begin, offset - line_begin).substr(
                                           0, offset - line_begin - (offset >= 2 && text[offset - 2] == '\r' ? 2 : 1)));
      ++line;
      column = 1;
      line_begin = offset;
    } else if (offset > 0 && (static_cast<unsigned char>(text[offset - 1]) & 0xC0) != 0x80) {
      ++column;
    }
    if (offset < text.size() && (static_cast<unsigned char>(text[offset]) & 0xC0) == 0x80) continue;
    EXPECT_TRUE(is_at(file, offset, line, column));
  }
  EXPECT_EQ(line, 41u);
  EXPECT_TRUE(is_at(file, static_cast<std::uint32_t>(text.size()), 41, static_cast<std::uint32_t>(last_line + 1)));
  EXPECT_EQ(file.line_text(41).size(), last_line);
  EXPECT_EQ(file.line_text(42), "");
}

TEST(SourceFileTest, EveryLineOfALongText) { expect_every_line_of_a_long_text(false); }
TEST(SourceFileTest, EveryLineOfALongTextInAFilePastOneMib) { expect_every_line_of_a_long_text(true); }

TEST(SourceFileTest, SliceClampsToTheText) {
  SourceFile file(3, "a.gpuspec", "hello world", false);
  EXPECT_EQ(file.slice({3, 0, 5}), "hello");
  EXPECT_EQ(file.slice({3, 6, 11}), "world");
  EXPECT_EQ(file.slice({3, 6, 100}), "world");  // end past the text
  EXPECT_EQ(file.slice({3, 100, 200}), "");     // both past the text
  EXPECT_EQ(file.slice({3, 5, 2}), "");         // reversed range
  EXPECT_EQ(file.slice({3, 4, 4}), "");         // empty range
  EXPECT_EQ(file.slice({3, 0, 0xffffffffu}), "hello world");
}

TEST(SourceManagerTest, IdsIndexFilesAndReferencesStayValid) {
  SourceManager sources;
  const SourceFile& a = sources.add("a.gpuspec", "a = 1\n");
  // Adding many files must not move the first one.
  for (int i = 0; i < 100; ++i) sources.add("f" + std::to_string(i), "x");
  const SourceFile& b = sources.add("<stdlib>/b.gpuspec", "b\nb", true);
  EXPECT_EQ(a.id(), 0u);
  EXPECT_EQ(a.path(), "a.gpuspec");
  EXPECT_EQ(a.text(), "a = 1\n");
  EXPECT_EQ(b.id(), 101u);
  EXPECT_TRUE(b.embedded());
  EXPECT_FALSE(a.embedded());
  EXPECT_EQ(&sources.file(0), &a);
  EXPECT_EQ(sources.size(), 102u);
  EXPECT_EQ(sources.find_by_path("<stdlib>/b.gpuspec"), &b);
  EXPECT_EQ(sources.find_by_path("missing"), nullptr);
  EXPECT_THROW(sources.file(500), std::out_of_range);
}

TEST(SourceManagerTest, StartAndEndOfARange) {
  SourceManager sources;
  const SourceFile& f = sources.add("a.gpuspec", "line one\nline \xC3\xA9two\n");
  SourceRange r{f.id(), 14, 17};  // "ét" (é is two bytes)
  LineColumn start = sources.start_of(r);
  LineColumn end = sources.end_of(r);
  EXPECT_EQ(start.line, 2u);
  EXPECT_EQ(start.column, 6u);
  EXPECT_EQ(end.line, 2u);
  EXPECT_EQ(end.column, 8u);
}

TEST(SourceRangeTest, ToCoversBoth) {
  SourceRange a{1, 4, 8};
  SourceRange b{1, 10, 12};
  SourceRange c = a.to(b);
  EXPECT_EQ(c.file, 1u);
  EXPECT_EQ(c.begin, 4u);
  EXPECT_EQ(c.end, 12u);
  EXPECT_TRUE(c.valid());
  EXPECT_FALSE(SourceRange{}.valid());
}

struct Utf8Case {
  const char* name;
  std::string text;
  std::optional<std::size_t> first_invalid;
};

class Utf8ValidationTest : public ::testing::TestWithParam<Utf8Case> {};

TEST_P(Utf8ValidationTest, FirstInvalid) {
  const Utf8Case& c = GetParam();
  EXPECT_EQ(utf8::first_invalid(c.text), c.first_invalid) << c.name;
}

INSTANTIATE_TEST_SUITE_P(
    Table, Utf8ValidationTest,
    ::testing::Values(
        Utf8Case{"empty", "", std::nullopt},
        Utf8Case{"ascii", "workload w { }", std::nullopt},
        Utf8Case{"two_byte", "caf\xC3\xA9", std::nullopt},
        Utf8Case{"three_byte", "\xE2\x82\xAC", std::nullopt},
        Utf8Case{"four_byte", "\xF0\x9F\x98\x80", std::nullopt},
        Utf8Case{"max_code_point", "\xF4\x8F\xBF\xBF", std::nullopt},
        Utf8Case{"bom", "\xEF\xBB\xBFx", std::nullopt},
        Utf8Case{"nul_is_valid_utf8", std::string("a\0b", 3), std::nullopt},
        Utf8Case{"lone_continuation", "ab\x80", 2},
        Utf8Case{"invalid_lead_ff", "\xFF", 0},
        Utf8Case{"invalid_lead_f8", "x\xF8\x88\x80\x80\x80", 1},
        Utf8Case{"truncated_two", "ab\xC3", 2},
        Utf8Case{"truncated_three", "\xE2\x82", 0},
        Utf8Case{"truncated_four", "\xF0\x9F\x98", 0},
        Utf8Case{"bad_continuation", "\xC3(", 0},
        Utf8Case{"overlong_slash", "\xC0\xAF", 0},
        Utf8Case{"overlong_three", "\xE0\x80\xAF", 0},
        Utf8Case{"overlong_four", "\xF0\x80\x80\xAF", 0},
        Utf8Case{"surrogate_low", "\xED\xA0\x80", 0},
        Utf8Case{"surrogate_high", "ok\xED\xBF\xBF", 2},
        Utf8Case{"past_max", "\xF4\x90\x80\x80", 0},
        Utf8Case{"valid_then_invalid", "\xC3\xA9\xE2\x82\xAC\xFE", 5}),
    [](const ::testing::TestParamInfo<Utf8Case>& info) { return std::string(info.param.name); });

// first_invalid skips ASCII sixteen or eight bytes at a time; the answer must be the
// byte-by-byte one wherever the first non-ASCII or invalid byte falls in a block.
TEST(Utf8Test, FirstInvalidMatchesAByteByByteScan) {
  auto byte_by_byte = [](std::string_view text) -> std::optional<std::size_t> {
    for (std::size_t i = 0; i < text.size();) {
      if (static_cast<unsigned char>(text[i]) < 0x80) {
        ++i;
        continue;
      }
      std::uint32_t ignored = 0;
      std::size_t length = utf8::decode(text, i, ignored);
      if (length == 0) return i;
      i += length;
    }
    return std::nullopt;
  };
  const char* const pieces[] = {"\xC3\xA9", "\xE2\x82\xAC", "\xF0\x9F\x98\x80", "\xFE", "\x80", "\xC3", "\xED\xA0\x80"};
  std::mt19937 random(28);
  std::size_t invalid = 0;
  for (int round = 0; round < 20000; ++round) {
    std::string text(random() % 70, 'a');
    for (int k = static_cast<int>(random() % 4); k > 0 && !text.empty(); --k) {
      text.insert(random() % (text.size() + 1), pieces[random() % std::size(pieces)]);
    }
    invalid += byte_by_byte(text).has_value();
    ASSERT_EQ(utf8::first_invalid(text), byte_by_byte(text)) << ::testing::PrintToString(text);
  }
  EXPECT_GT(invalid, 5000u);  // the inputs did reach the invalid answers, not only nullopt
}

TEST(Utf8Test, CountCodePoints) {
  EXPECT_EQ(utf8::count_code_points(""), 0u);
  EXPECT_EQ(utf8::count_code_points("abc"), 3u);
  EXPECT_EQ(utf8::count_code_points("caf\xC3\xA9"), 4u);
  EXPECT_EQ(utf8::count_code_points("\xF0\x9F\x98\x80\xE2\x82\xAC"), 2u);
  // Best effort on invalid input: stray continuation bytes do not count.
  EXPECT_EQ(utf8::count_code_points("a\x80\x80" "b"), 2u);
}

// Counted a word or a block of 16 at a time: multi-byte sequences and stray continuation
// bytes at every offset of a word and of a block, and lengths that leave a tail (counted
// as the block that ends the text), agree with a byte-by-byte count.
TEST(Utf8Test, CountCodePointsAtEveryOffset) {
  auto by_bytes = [](std::string_view text) {
    std::size_t count = 0;
    for (unsigned char c : text) count += (c & 0xC0) != 0x80;
    return count;
  };
  for (std::size_t at = 0; at < 40; ++at) {  // into a third block of 16
    for (std::string piece : {"\xC3\xA9", "\xE2\x82\xAC", "\xF0\x9F\x98\x80", "\x80\x80", "\xFF"}) {
      for (std::size_t tail = 0; tail < 9; ++tail) {
        std::string text = std::string(at, 'a') + piece + std::string(tail, 'b');
        EXPECT_EQ(utf8::count_code_points(text), by_bytes(text)) << at << " " << tail;
      }
    }
  }
}

TEST(Utf8Test, AppendEncodesAndRejects) {
  struct Case {
    std::uint32_t cp;
    const char* bytes;
  };
  for (const Case& c : {Case{0x41, "A"}, Case{0x7F, "\x7F"}, Case{0x80, "\xC2\x80"}, Case{0xE9, "\xC3\xA9"},
                        Case{0x7FF, "\xDF\xBF"}, Case{0x800, "\xE0\xA0\x80"}, Case{0x20AC, "\xE2\x82\xAC"},
                        Case{0xFFFF, "\xEF\xBF\xBF"}, Case{0x10000, "\xF0\x90\x80\x80"},
                        Case{0x1F600, "\xF0\x9F\x98\x80"}, Case{0x10FFFF, "\xF4\x8F\xBF\xBF"}}) {
    std::string out;
    EXPECT_TRUE(utf8::append(out, c.cp)) << std::hex << c.cp;
    EXPECT_EQ(out, c.bytes) << std::hex << c.cp;
    EXPECT_EQ(utf8::first_invalid(out), std::nullopt) << std::hex << c.cp;
  }
  std::string out = "keep";
  EXPECT_FALSE(utf8::append(out, 0xD800));
  EXPECT_FALSE(utf8::append(out, 0xDFFF));
  EXPECT_FALSE(utf8::append(out, 0x110000));
  EXPECT_FALSE(utf8::append(out, 0xFFFFFFFF));
  EXPECT_EQ(out, "keep");
  // NUL is a code point like any other.
  out.clear();
  EXPECT_TRUE(utf8::append(out, 0));
  EXPECT_EQ(out, std::string(1, '\0'));
}

// A released file keeps its id and path and reads as empty; the others are untouched.
TEST(SourceManagerTest, ReleaseTextKeepsThePathAndFreesTheText) {
  SourceManager sources;
  const SourceFile& a = sources.add("a.gpuspec", "one\ntwo\n");
  const SourceFile& b = sources.add("b.gpuspec", "x\ny\n");
  sources.release_text(a.id());
  EXPECT_EQ(sources.file(a.id()).path(), "a.gpuspec");
  EXPECT_EQ(a.text(), "");
  EXPECT_EQ(a.line_count(), 1u);
  EXPECT_TRUE(is_at(a, 5, 1, 1));
  EXPECT_EQ(a.slice({a.id(), 0, 3}), "");
  EXPECT_TRUE(is_at(b, 2, 2, 1));
  EXPECT_EQ(b.text(), "x\ny\n");
}

// An embedded file made from the binary's data answers as a copy of it would: the
// same text, lines, positions and slices, from any thread; view() is the data itself.
TEST(SourceManagerTest, AStaticTextFileReadsAsACopyWould) {
  static constexpr std::string_view kText = "first\nsecond line\r\n\u00e9t\u00e9 x\n\nlast";
  SourceManager sources;
  const SourceFile& copied = sources.add("<stdlib>/a.gpuspec", std::string(kText), true);
  const SourceFile& referenced = sources.add_static("<stdlib>/b.gpuspec", kText);
  EXPECT_TRUE(referenced.embedded());
  EXPECT_EQ(referenced.view().data(), kText.data());
  EXPECT_EQ(referenced.slice({referenced.id(), 6, 12}), "second");
  std::vector<LineColumn> from_threads(kText.size() + 2);
  {
    std::vector<std::thread> threads;
    for (int t = 0; t < 2; ++t) {
      threads.emplace_back([&, t] {
        for (std::uint32_t offset = t; offset < from_threads.size(); offset += 2) {
          from_threads[offset] = referenced.line_column(offset);
        }
      });
    }
    for (auto& thread : threads) thread.join();
  }
  for (std::uint32_t offset = 0; offset < from_threads.size(); ++offset) {
    EXPECT_TRUE(is_at(copied, offset, from_threads[offset].line, from_threads[offset].column)) << offset;
  }
  EXPECT_EQ(referenced.text(), copied.text());
  EXPECT_EQ(referenced.line_count(), copied.line_count());
  for (std::uint32_t line = 0; line <= copied.line_count() + 1; ++line) {
    EXPECT_EQ(referenced.line_text(line), copied.line_text(line)) << line;
  }
  EXPECT_EQ(referenced.slice({referenced.id(), 3, 400}), copied.slice({copied.id(), 3, 400}));
  EXPECT_EQ(sources.find_by_path("<stdlib>/b.gpuspec"), &referenced);
}

// A file's line table is made when it is first asked for (the language server adds its
// document again on every edit and never asks): whichever question comes first, and from
// whichever thread, the answers are those of a table made at once.
TEST(SourceFileTest, TheLineTableIsMadeForWhicheverQuestionComesFirst) {
  const std::string text = "one\ntwo\r\n\u00e9t\u00e9\n\nlast";
  {
    SourceFile file(0, "a.gpuspec", text, false);
    EXPECT_EQ(file.line_text(3), "\u00e9t\u00e9");
    EXPECT_EQ(file.line_count(), 5u);
  }
  {
    SourceFile file(0, "a.gpuspec", text, false);
    EXPECT_TRUE(is_at(file, 16, 5, 1));
    EXPECT_EQ(file.line_text(5), "last");
  }
  {
    SourceFile file(0, "a.gpuspec", text, false);
    EXPECT_EQ(file.line_count(), 5u);
    EXPECT_TRUE(is_at(file, 11, 3, 2));
  }
  SourceFile reference(0, "a.gpuspec", text, false);
  SourceFile asked(1, "b.gpuspec", text, false);
  std::vector<LineColumn> from_threads(text.size() + 2);
  {
    std::vector<std::thread> threads;
    for (int t = 0; t < 2; ++t) {
      threads.emplace_back([&, t] {
        for (std::uint32_t offset = t; offset < from_threads.size(); offset += 2) {
          from_threads[offset] = asked.line_column(offset);
        }
      });
    }
    for (auto& thread : threads) thread.join();
  }
  for (std::uint32_t offset = 0; offset < from_threads.size(); ++offset) {
    EXPECT_TRUE(is_at(reference, offset, from_threads[offset].line, from_threads[offset].column)) << offset;
  }
}

// A file released before anything asked for its lines reads as empty, and a line table
// asked for afterwards is the empty text's, not the released one's.
TEST(SourceManagerTest, ReleaseTextBeforeAnyLineWasAskedFor) {
  SourceManager sources;
  const SourceFile& file = sources.add("a.gpuspec", "one\ntwo\nthree\n");
  sources.release_text(file.id());
  EXPECT_EQ(file.line_count(), 1u);
  EXPECT_EQ(file.line_text(1), "");
  EXPECT_EQ(file.line_text(2), "");
  EXPECT_TRUE(is_at(file, 9, 1, 1));
}

// Released, a file made from static text reads as empty too.
TEST(SourceManagerTest, ReleaseTextEmptiesAStaticTextFile) {
  SourceManager sources;
  const SourceFile& file = sources.add_static("<stdlib>/a.gpuspec", "one\ntwo\n");
  sources.release_text(file.id());
  EXPECT_EQ(file.text(), "");
  EXPECT_EQ(file.view(), "");
  EXPECT_EQ(file.line_count(), 1u);
  EXPECT_TRUE(is_at(file, 5, 1, 1));
}

}  // namespace
}  // namespace gpuspec
