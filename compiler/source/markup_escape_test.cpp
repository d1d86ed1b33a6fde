// The one escaping rule for XML and HTML (source/markup_escape.h).
#include "source/markup_escape.h"

#include <gtest/gtest.h>

namespace gpuspec {
namespace {

TEST(MarkupEscape, MarkupCharactersAreEntities) {
  EXPECT_EQ(markup_escape("<a href=\"x\">Tom's & Jerry</a>"), "&lt;a href=&quot;x&quot;&gt;Tom&apos;s &amp; Jerry&lt;/a&gt;");
  EXPECT_EQ(markup_escape("plain 12.5 kW \xC3\xA9\xE6\x98\xBE"), "plain 12.5 kW \xC3\xA9\xE6\x98\xBE");
}

// No line break reaches the file: a line of a report never starts with spec text.
TEST(MarkupEscape, LineBreaksAndTabsAreReferences) {
  EXPECT_EQ(markup_escape("a\n::warning file=README.md::x\r\tb"), "a&#10;::warning file=README.md::x&#13;&#9;b");
  EXPECT_EQ(markup_escape("\xE2\x80\xA8 \xE2\x80\xA9 \xC2\x85"), "&#x2028; &#x2029; &#x85;");
  EXPECT_EQ(markup_escape("\x7F"), "&#127;");
}

// What XML 1.0 cannot carry at all is shown as check's text output shows it.
TEST(MarkupEscape, WhatXmlCannotCarryIsShownAsText) {
  EXPECT_EQ(markup_escape(std::string("a\0b\x01\x1b", 5)), "a\\x00b\\x01\\x1B");
  EXPECT_EQ(markup_escape("\xEF\xBF\xBE"), "\\u{FFFE}");
  EXPECT_EQ(markup_escape("caf\xE9"), "caf\\xE9");
}

}  // namespace
}  // namespace gpuspec
