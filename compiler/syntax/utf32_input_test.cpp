// Utf32Input cuts ASCII token text from the UTF-8 bytes; it must return what
// ANTLR's own ANTLRInputStream::getText returns for every interval, in range or not.
#include "syntax/utf32_input.h"

#include <gtest/gtest.h>

#include <string>

namespace gpuspec::syntax {
namespace {

TEST(Utf32InputTest, TextOfEveryIntervalIsAntlrs) {
  for (std::string text : {"", "a", "gpu = 8 x nvidia.h100", "caf\u00E9 \U0001F600 x"}) {
    Utf32Input input(text);
    auto n = static_cast<ssize_t>(input.size());
    for (ssize_t a = -2; a <= n + 2; ++a) {
      for (ssize_t b = -2; b <= n + 2; ++b) {
        antlr4::misc::Interval interval(a, b);
        EXPECT_EQ(input.getText(interval), input.ANTLRInputStream::getText(interval))
            << "\"" << text << "\" [" << a << ", " << b << "]";
      }
    }
  }
}

TEST(Utf32InputTest, DecodesEveryEncodedLength) {
  Utf32Input input("a\u00E9\u20AC\U0001F600");
  EXPECT_EQ(input.code_points(), std::u32string_view(U"a\u00E9\u20AC\U0001F600"));
}

}  // namespace
}  // namespace gpuspec::syntax
