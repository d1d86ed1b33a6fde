// printable(): what a spec or a file name may not print raw.
#include "source/printable.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <cstdio>
#include <random>
#include <string>
#include <vector>

namespace gpuspec {
namespace {

TEST(PrintableTest, PlainTextIsUnchanged) {
  EXPECT_EQ(printable("cannot read 'specs/a b.gpuspec': 80 GB, ±5 %, 显存 \\n"), "cannot read 'specs/a b.gpuspec': 80 GB, ±5 %, 显存 \\n");
}

TEST(PrintableTest, LineBreaksCannotStartAWorkflowCommand) {
  EXPECT_EQ(printable("x\n::error file=a.yml::pwned"), "x\\n::error file=a.yml::pwned");
  EXPECT_EQ(printable("x\r::error::y"), "x\\r::error::y");
  EXPECT_EQ(printable("a\tb"), "a\\tb");
}

TEST(PrintableTest, TerminalEscapesAndControls) {
  EXPECT_EQ(printable("\x1b[31mred\x1b[0m"), "\\x1B[31mred\\x1B[0m");
  EXPECT_EQ(printable(std::string_view("a\0b\x7f", 4)), "a\\x00b\\x7F");
  EXPECT_EQ(printable("\xc2\x85next line \xc2\x9b"), "\\u{0085}next line \\u{009B}");  // NEL, CSI
}

TEST(PrintableTest, SeparatorsAndBidiControls) {
  EXPECT_EQ(printable("a\xe2\x80\xa8" "b"), "a\\u{2028}b");
  EXPECT_EQ(printable("admin\xe2\x80\xae" "cod.exe"), "admin\\u{202E}cod.exe");
  EXPECT_EQ(printable("\xe2\x81\xa6x\xe2\x81\xa9"), "\\u{2066}x\\u{2069}");
}

TEST(PrintableTest, InvalidUtf8BytesAreShownAsBytes) {
  EXPECT_EQ(printable("a\xff" "b"), "a\\xFFb");
  EXPECT_EQ(printable("\xc0\xaf"), "\\xC0\\xAF");          // overlong '/'
  EXPECT_EQ(printable("\xed\xa0\x80"), "\\xED\\xA0\\x80");  // a surrogate
  EXPECT_EQ(printable("\xe2\x82"), "\\xE2\\x82");           // cut short
  EXPECT_EQ(printable("\xf8\x88\x80\x80\x80"), "\\xF8\\x88\\x80\\x80\\x80");  // 5-byte form
  EXPECT_EQ(printable("\xf0\x9f\x99\x82"), "\xf0\x9f\x99\x82");     // an emoji is fine
}


// The byte-at-a-time definition printable() had before it skipped plain text a word at
// a time; the two must agree on any input.
std::string reference_printable(std::string_view text) {
  auto hex = [](std::string& out, const char* format, std::uint32_t value) {
    char buffer[16];
    std::snprintf(buffer, sizeof buffer, format, value);
    out += buffer;
  };
  std::string out;
  for (std::size_t i = 0; i < text.size();) {
    auto c = static_cast<unsigned char>(text[i]);
    if (c < 0x80) {
      if (c == '\n') out += "\\n";
      else if (c == '\r') out += "\\r";
      else if (c == '\t') out += "\\t";
      else if (c < 0x20 || c == 0x7F) hex(out, "\\x%02X", c);
      else out += static_cast<char>(c);
      ++i;
      continue;
    }
    std::size_t length = c >= 0xC2 && c <= 0xDF ? 2 : c >= 0xE0 && c <= 0xEF ? 3 : c >= 0xF0 && c <= 0xF4 ? 4 : 0;
    std::uint32_t cp = c & (0x7F >> length);
    bool ok = length != 0 && i + length <= text.size();
    for (std::size_t k = 1; ok && k < length; ++k) {
      ok = (static_cast<unsigned char>(text[i + k]) & 0xC0) == 0x80;
      cp = (cp << 6) | (static_cast<unsigned char>(text[i + k]) & 0x3F);
    }
    static constexpr std::uint32_t kSmallest[] = {0, 0, 0x80, 0x800, 0x10000};
    ok = ok && cp >= kSmallest[length] && !(cp >= 0xD800 && cp <= 0xDFFF) && cp <= 0x10FFFF;
    if (!ok) {
      hex(out, "\\x%02X", c);
      ++i;
      continue;
    }
    bool hidden = (cp >= 0x80 && cp <= 0x9F) || cp == 0x061C || cp == 0x200E || cp == 0x200F || cp == 0x2028 ||
                  cp == 0x2029 || (cp >= 0x202A && cp <= 0x202E) || (cp >= 0x2066 && cp <= 0x2069);
    if (hidden) hex(out, "\\u{%04X}", cp);
    else out.append(text.substr(i, length));
    i += length;
  }
  return out;
}

TEST(PrintableTest, AgreesWithTheByteLoopOnRandomText) {
  const std::vector<std::string> pieces = {"a", "plain text ", " ", "\n", "\r", "\t", std::string(1, '\0'), "\x1b",
                                           "\x7f", "\\", "\xC3\xA9", "\xE2\x80\xA8", "\xE2\x80\xAE", "\xC2\x85",
                                           "\xF0\x9F\x98\x80", "\x80", "\xFF", "\xC0\xAF", "\xE2\x82", "\xED\xA0\x80"};
  std::mt19937 random(12);
  for (int round = 0; round < 3000; ++round) {
    std::string text;
    auto count = random() % 24;
    for (unsigned k = 0; k < count; ++k) text += pieces[random() % pieces.size()];
    EXPECT_EQ(printable(text), reference_printable(text)) << round;
    std::string appended = "kept:";
    append_printable(appended, text);
    EXPECT_EQ(appended, "kept:" + reference_printable(text)) << round;
  }
}

TEST(PrintableTest, EscapesAtEveryOffsetOfAWord) {
  for (std::size_t at = 0; at < 20; ++at) {
    for (std::string special : {"\n", "\x01", "\x7f", "\xC3\xA9", "\xE2\x80\xA8", "\xFF"}) {
      std::string text = std::string(at, 'x') + special + std::string(19 - at, 'y');
      EXPECT_EQ(printable(text), reference_printable(text)) << at;
    }
  }
}

TEST(StringLiteralTest, QuotesAndBackslashesAreEscaped) {
  EXPECT_EQ(string_literal("plain"), "\"plain\"");
  EXPECT_EQ(string_literal("say \"hi\" C:\\x"), "\"say \\\"hi\\\" C:\\\\x\"");
}

TEST(StringLiteralTest, NothingInvisibleReachesTheFile) {
  // A line break cannot end the literal (or a comment around it), a template marker
  // stays text, and controls and bidi overrides are written as escapes.
  EXPECT_EQ(string_literal("a\nb\r\tc"), "\"a\\nb\\r\\tc\"");
  EXPECT_EQ(string_literal("${HOME}"), "\"${HOME}\"");
  EXPECT_EQ(string_literal("\x1b[31m\x7f"), "\"\\u{001B}[31m\\u{007F}\"");
  EXPECT_EQ(string_literal("x\u202Ey"), "\"x\\u{202E}y\"");
  EXPECT_EQ(string_literal("caf\u00e9 \u4ef7"), "\"caf\u00e9 \u4ef7\"");
}

TEST(StringLiteralTest, BytesThatAreNotUtf8BecomeReplacementCharacters) {
  EXPECT_EQ(string_literal("a\xff" "b"), "\"a\uFFFDb\"");
}

}  // namespace
}  // namespace gpuspec
