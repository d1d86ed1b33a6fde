#include "backends/probe/xml_tree.h"

#include <gtest/gtest.h>

namespace gpuspec::probe {
namespace {

TEST(XmlTree, ElementsAttributesTextAndPaths) {
  std::string error;
  auto root = parse_xml("<?xml version=\"1.0\"?><!-- c --><a id='1'><b><c> x </c></b><b/><![CDATA[<raw>]]></a>", error);
  ASSERT_TRUE(root) << error;
  EXPECT_EQ(root->attribute("id"), "1");
  EXPECT_EQ(root->text_at("b/c"), "x");
  EXPECT_EQ(root->children.size(), 2u);
  EXPECT_EQ(root->text, "<raw>");
  EXPECT_FALSE(root->text_at("b/d"));
}

TEST(XmlTree, MalformedDocumentsAreErrorsWithALine) {
  std::string error;
  EXPECT_FALSE(parse_xml("<a>\n<b></a>", error));
  EXPECT_EQ(error.substr(0, 7), "line 2:");
  EXPECT_FALSE(parse_xml("<a></a><b></b>", error));
  EXPECT_FALSE(parse_xml("", error));
  EXPECT_FALSE(parse_xml("<a x=1></a>", error));
  EXPECT_FALSE(parse_xml("<a>&#0;</a>", error));
  EXPECT_FALSE(parse_xml("<a>&#x110000;</a>", error));
  EXPECT_FALSE(parse_xml("<a><!-- never closed", error));
}

TEST(XmlTree, NestingAndSizeAreBounded) {
  std::string deep;
  for (int i = 0; i < 100; ++i) deep += "<a>";
  std::string error;
  EXPECT_FALSE(parse_xml(deep, error));
  EXPECT_NE(error.find("too deep"), std::string::npos);
  std::string many = "<r>";
  for (int i = 0; i < 20; ++i) many += "<e/>";
  many += "</r>";
  EXPECT_FALSE(parse_xml(many, error, XmlLimits{64, 10}));
  EXPECT_NE(error.find("too many"), std::string::npos);
}

}  // namespace
}  // namespace gpuspec::probe
