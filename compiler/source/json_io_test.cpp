// JSON in and out (source/json_io.h): bounded nesting on the way in, valid UTF-8 out.
#include "source/json_io.h"

#include <gtest/gtest.h>

#include "source/utf8.h"

namespace gpuspec {
namespace {

TEST(JsonIo, NestingIsCountedOutsideStrings) {
  EXPECT_TRUE(json_nesting_within("[[[]]]", 3));
  EXPECT_FALSE(json_nesting_within("[[[[]]]]", 3));
  EXPECT_TRUE(json_nesting_within(R"({"a": "[[[[[[\"[[[["})", 1));
  EXPECT_TRUE(json_nesting_within("[][][][][]", 1));
}

TEST(JsonIo, DeepInputIsAnErrorNotACrash) {
  std::string deep = std::string(100000, '[') + std::string(100000, ']');
  std::string error;
  EXPECT_FALSE(parse_json_input(deep, error));
  EXPECT_EQ(error, "arrays and objects are nested deeper than 256 levels");
  std::string shallow = std::string(200, '[') + std::string(200, ']');
  EXPECT_TRUE(parse_json_input(shallow, error)) << error;
}

TEST(JsonIo, SyntaxErrorsSayWhereWithoutNlohmannsId) {
  std::string error;
  EXPECT_FALSE(parse_json_input("{\"a\": }", error));
  EXPECT_EQ(error.rfind("parse error at line 1, column 7", 0), 0u) << error;
}

TEST(JsonIo, DumpReplacesInvalidUtf8) {
  EXPECT_EQ(dump_json(nlohmann::json("caf\xE9"), -1), "\"caf\xEF\xBF\xBD\"");
}

TEST(Utf8, APrefixNeverSplitsACharacter) {
  EXPECT_EQ(utf8::prefix("\"aa\xC3\xA9", 4), "\"aa");
  EXPECT_EQ(utf8::prefix("\"aa\xC3\xA9", 5), "\"aa\xC3\xA9");
  EXPECT_EQ(utf8::prefix("\xF0\x9F\x98\x80x", 3), "");
  EXPECT_EQ(utf8::prefix("abc", 10), "abc");
}

}  // namespace
}  // namespace gpuspec
