#include "lsp/completion_context.h"

#include <gtest/gtest.h>

namespace gpuspec::lsp {
namespace {

// The context at the `|` in `text`.
CompletionContext at_bar(std::string text) {
  auto bar = text.find('|');
  text.erase(bar, 1);
  return completion_context(text, static_cast<std::uint32_t>(bar));
}

using Kind = CompletionContext::Kind;

TEST(CompletionContext, TopLevelAndPropertyKeys) {
  EXPECT_EQ(at_bar("ser|").kind, Kind::TopLevel);
  auto key = at_bar("server a {\n  gpu = 2 x nvidia.l40s\n  me|\n}");
  EXPECT_EQ(key.kind, Kind::PropertyKey);
  EXPECT_EQ(key.declaration_kind, "server");
  EXPECT_TRUE(key.block_path.empty());
  auto nested = at_bar("server a { storage { data { |");
  EXPECT_EQ(nested.kind, Kind::PropertyKey);
  EXPECT_EQ(nested.block_path, (std::vector<std::string>{"storage", "data"}));
}

TEST(CompletionContext, ValuesAfterTheEqualsSign) {
  auto value = at_bar("server a {\n  gpu = 4 x nvidia.a1|");
  EXPECT_EQ(value.kind, Kind::Value);
  EXPECT_EQ(value.property, "gpu");
  EXPECT_EQ(value.word_begin, 23u);  // start of "nvidia.a1"
  auto listed = at_bar("workload w { software { monitoring = [dcgm, pro| ] } }");
  EXPECT_EQ(listed.kind, Kind::Value);
  EXPECT_EQ(listed.property, "monitoring");
  EXPECT_EQ(listed.block_path, std::vector<std::string>{"software"});
  auto after_semicolon = at_bar("server a { psu_mode = redundant; cooling = |");
  EXPECT_EQ(after_semicolon.property, "cooling");
}

TEST(CompletionContext, WaiverRules) {
  EXPECT_EQ(at_bar("server a {\n  waive mem|").kind, Kind::WaiverRule);
}

TEST(CompletionContext, NothingInStringsCommentsOrNumbers) {
  EXPECT_EQ(at_bar("server a { region = \"us-|\" }").kind, Kind::None);
  EXPECT_EQ(at_bar("server a { # gpu = |").kind, Kind::None);
  EXPECT_EQ(at_bar("/* server a { gpu = | */").kind, Kind::None);
  EXPECT_EQ(at_bar("server a { gpu = 4|").kind, Kind::None);
  // Braces inside strings and comments do not open blocks.
  auto after = at_bar("server a { notes = \"{\" # {\n  gp|");
  EXPECT_EQ(after.kind, Kind::PropertyKey);
  EXPECT_TRUE(after.block_path.empty());
}

}  // namespace
}  // namespace gpuspec::lsp
