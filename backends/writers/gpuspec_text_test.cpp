#include "backends/writers/gpuspec_text.h"

#include <gtest/gtest.h>

namespace gpuspec::writers {
namespace {

TEST(GpuspecText, StringsReadBackAsTheirText) {
  EXPECT_EQ(gpuspec_string("plain"), "\"plain\"");
  EXPECT_EQ(gpuspec_string("a\"b\\c"), "\"a\\\"b\\\\c\"");
  EXPECT_EQ(gpuspec_string("l1\nl2\tx\r"), "\"l1\\nl2\\tx\\r\"");
  EXPECT_EQ(gpuspec_string(std::string("\x1b[31m\x7f", 6)), "\"\\u{001B}[31m\\u{007F}\"");
  EXPECT_EQ(gpuspec_string("\xe2\x80\xae" "rev"), "\"\\u{202E}rev\"");  // a bidi override
  EXPECT_EQ(gpuspec_string("\xff"), "\"\\u{FFFD}\"");
  EXPECT_EQ(gpuspec_string("Grüße"), "\"Grüße\"");
}

TEST(GpuspecText, CommentsStayOnOneLine) {
  EXPECT_EQ(comment_text("a\nserver x {"), "a\\nserver x {");
  EXPECT_EQ(comment_text("abcdef", 3), "abc...");
  EXPECT_EQ(comment_text("äöüß", 2), "äö...");
}

TEST(GpuspecText, IdentifierSegments) {
  EXPECT_EQ(identifier_segment("NVIDIA GeForce RTX 3090", "x"), "nvidia_geforce_rtx_3090");
  EXPECT_EQ(identifier_segment("} ;; \n", "unknown"), "unknown");
  EXPECT_EQ(identifier_segment("../../etc", "x"), "etc");
  EXPECT_EQ(identifier_segment(std::string(100, 'a'), "x", 10), std::string(10, 'a'));
}

TEST(GpuspecText, DeclarationNames) {
  EXPECT_TRUE(is_declaration_name("node17"));
  EXPECT_TRUE(is_declaration_name("rack-a.node_17"));
  EXPECT_TRUE(is_declaration_name("a.1b"));
  EXPECT_FALSE(is_declaration_name("17node"));
  EXPECT_FALSE(is_declaration_name("x"));
  EXPECT_FALSE(is_declaration_name("import"));
  EXPECT_FALSE(is_declaration_name("a..b"));
  EXPECT_FALSE(is_declaration_name("a.-b"));
  EXPECT_FALSE(is_declaration_name("a b"));
  EXPECT_FALSE(is_declaration_name("a/b"));
  EXPECT_FALSE(is_declaration_name(""));
}

}  // namespace
}  // namespace gpuspec::writers
