#include <gtest/gtest.h>

#include "backends/terraform/emit_azure_network.h"
#include "backends/terraform/module_common.h"

namespace gpuspec::terraform {
namespace {

// Addresses needed = count x per node + reserved; host bits = ceil(log2), at least 8.
TEST(NodeSubnet, NeverSmallerThanSlash24) {
  EXPECT_EQ(node_subnet_newbits(1, 1, 5), 8);    // 6 addresses -> /24
  EXPECT_EQ(node_subnet_newbits(100, 1, 5), 8);  // 105 -> /24
  EXPECT_EQ(node_subnet_newbits(251, 1, 5), 8);  // 256 -> /24 exactly
}

TEST(NodeSubnet, GrowsWithTheNodes) {
  EXPECT_EQ(node_subnet_newbits(252, 1, 5), 7);  // 257 -> /23
  EXPECT_EQ(node_subnet_newbits(100, 4, 5), 7);  // 405 (four addressed interfaces per p4d) -> /23
  EXPECT_EQ(node_subnet_newbits(200, 4, 5), 6);  // 805 -> /22
}

TEST(AzureHostname, LettersDigitsAndHyphensOnly) {
  CloudSpec spec;
  spec.name = "Train.Azure_NDv4";
  EXPECT_EQ(azure::hostname_prefix(spec), "train-azure-ndv4");
  spec.name = "__x__";
  EXPECT_EQ(azure::hostname_prefix(spec), "x");
  spec.name = "9lives";
  EXPECT_EQ(azure::hostname_prefix(spec), "node9lives");
  spec.name = "___";
  EXPECT_EQ(azure::hostname_prefix(spec), "node");
  spec.name = std::string(80, 'a');
  EXPECT_EQ(azure::hostname_prefix(spec).size(), 48u);
}

}  // namespace
}  // namespace gpuspec::terraform
