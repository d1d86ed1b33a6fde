// printable(): what a spec or a file name may not print raw.
#include "source/printable.h"

#include <gtest/gtest.h>

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

}  // namespace
}  // namespace gpuspec
