#include "lsp/uri.h"

#include <gtest/gtest.h>

namespace gpuspec::lsp {
namespace {

TEST(Uri, RoundTripsPathsWithReservedCharacters) {
  std::string path = "/home/a b/c#d%e/\xC3\xA9.gpuspec";
  std::string uri = uri_from_path(path);
  EXPECT_EQ(uri, "file:///home/a%20b/c%23d%25e/%C3%A9.gpuspec");
  EXPECT_EQ(path_from_uri(uri), path);
}

TEST(Uri, AcceptsLocalhostAndLowercaseEscapes) {
  EXPECT_EQ(path_from_uri("file://localhost/tmp/x%2fy"), "/tmp/x/y");
  EXPECT_EQ(path_from_uri("FILE:///tmp/x"), "/tmp/x");
}

TEST(Uri, RefusesOtherSchemesHostsAndBadEscapes) {
  EXPECT_EQ(path_from_uri("untitled:Untitled-1"), std::nullopt);
  EXPECT_EQ(path_from_uri("file://server/share/x"), std::nullopt);
  EXPECT_EQ(path_from_uri("file:///tmp/%zz"), std::nullopt);
  EXPECT_EQ(path_from_uri("file:///tmp/%4"), std::nullopt);
}

}  // namespace
}  // namespace gpuspec::lsp
