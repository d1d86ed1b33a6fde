#include "backends/suggest/regions.h"

#include <gtest/gtest.h>

namespace gpuspec::suggest {
namespace {

TEST(Regions, ProviderRegionsMapToSiteRegions) {
  EXPECT_EQ(region_geography("us-east-1"), "us");     // AWS, Alibaba Cloud
  EXPECT_EQ(region_geography("eastus"), "us");        // Azure
  EXPECT_EQ(region_geography("southcentralus"), "us");
  EXPECT_EQ(region_geography("westus3"), "us");
  EXPECT_EQ(region_geography("eu-central-1"), "eu");
  EXPECT_EQ(region_geography("westeurope"), "eu");
  EXPECT_EQ(region_geography("swedencentral"), "eu");
  EXPECT_EQ(region_geography("cn-hangzhou"), "cn");
  EXPECT_EQ(region_geography("cn-northwest-1"), "cn");
  EXPECT_EQ(region_geography("cn-hongkong"), "cn");   // export rules treat Hong Kong as China
  EXPECT_EQ(region_geography("eastasia"), "cn");
  EXPECT_EQ(region_geography("ap-northeast-1"), "jp");
  EXPECT_EQ(region_geography("japaneast"), "jp");
  EXPECT_EQ(region_geography("ap-southeast-1"), "sg");
  EXPECT_EQ(region_geography("southeastasia"), "sg");
}

TEST(Regions, EverythingElseIsOther) {
  EXPECT_EQ(region_geography("ap-south-1"), "other");
  EXPECT_EQ(region_geography("ca-central-1"), "other");
  EXPECT_EQ(region_geography("canadacentral"), "other");  // ends in "al", not "us"
  EXPECT_EQ(region_geography("us-gov-west-1"), "other");  // GovCloud needs its own accounts
  EXPECT_EQ(region_geography(""), "other");
}

TEST(Regions, SiteRegionSymbols) {
  for (const char* r : {"cn", "us", "eu", "jp", "sg", "other"}) EXPECT_TRUE(is_site_region(r));
  EXPECT_FALSE(is_site_region("us-east-1"));
  EXPECT_FALSE(is_site_region("US"));
}

}  // namespace
}  // namespace gpuspec::suggest
