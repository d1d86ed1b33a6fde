// Every committed .gpuspec file that parses (the stdlib, the policy pack, the
// examples, the policy tests) is formatted once and again: the second pass changes
// nothing, and format_source proves the tree and the comments are unchanged.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "format/formatter.h"
#include "syntax/test_inputs.h"

namespace gpuspec::format {
namespace {

namespace fs = std::filesystem;

std::vector<std::string> committed_files() {
  return test_support::committed_gpuspec_files({"stdlib", "policies", "examples", "test/policies"});
}

class CommittedFile : public testing::TestWithParam<std::string> {};

TEST_P(CommittedFile, FormatsToAFixpointWithTheSameTree) {
  std::ifstream in(GetParam(), std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  SourceManager sources;
  DiagnosticEngine diags;
  auto once = format_source(sources.add(GetParam(), text.str()), diags);
  ASSERT_TRUE(once.has_value()) << (diags.diagnostics().empty() ? "" : diags.diagnostics().front().message);
  auto twice = format_source(sources.add(GetParam(), *once), diags);
  ASSERT_TRUE(twice.has_value());
  EXPECT_EQ(*twice, *once);
}

std::string test_name(const testing::TestParamInfo<std::string>& info) {
  std::string name = fs::path(info.param).lexically_relative(GPUSPEC_SOURCE_DIR).string();
  for (char& c : name) {
    if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
  }
  return name;
}

INSTANTIATE_TEST_SUITE_P(Tree, CommittedFile, testing::ValuesIn(committed_files()), test_name);

TEST(CommittedFiles, AreFound) { EXPECT_GT(committed_files().size(), 50u); }

}  // namespace
}  // namespace gpuspec::format
