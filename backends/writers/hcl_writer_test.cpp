// The HCL writer's object keys: identifiers bare, anything else and HCL's keywords quoted.
#include "backends/writers/hcl_writer.h"

#include <gtest/gtest.h>

namespace gpuspec::writers {
namespace {

std::string object_with_key(const std::string& key) {
  return hcl_expression(Expr::object({{key, Expr::string("v")}}));
}

TEST(HclWriter, IdentifierKeysAreBare) {
  EXPECT_EQ(object_with_key("team"), "{ team = \"v\" }");
  EXPECT_EQ(object_with_key("cost-center"), "{ cost-center = \"v\" }");
}

TEST(HclWriter, KeywordKeysAreQuoted) {
  // `{ for = "v" }` would start a for-expression; `null` and `true` would be values.
  for (const char* keyword : {"for", "in", "if", "else", "endif", "endfor", "true", "false", "null"}) {
    EXPECT_EQ(object_with_key(keyword), std::string("{ \"") + keyword + "\" = \"v\" }");
  }
  EXPECT_EQ(object_with_key("format"), "{ format = \"v\" }");  // only whole keywords
}

TEST(HclWriter, OtherKeysAreQuotedAndEscaped) {
  EXPECT_EQ(object_with_key("a b"), "{ \"a b\" = \"v\" }");
  EXPECT_EQ(object_with_key("${x}"), "{ \"$${x}\" = \"v\" }");
  EXPECT_EQ(object_with_key("1st"), "{ \"1st\" = \"v\" }");
}

}  // namespace
}  // namespace gpuspec::writers
