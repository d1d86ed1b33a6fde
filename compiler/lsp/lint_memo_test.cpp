// The lint memo lends its kept findings to an analysis (moved in, not copied) and takes
// them back from the analysis that replaces it (lint_memo.h, LentFindings). Whatever
// comes back or not, the diagnostics must be those of a lint of the whole program; an
// analysis that does not give its findings back (another one replaced it, or the caller
// still holds it) costs a lint of what was lent, never a stale or foreign finding.
#include "lsp/lint_memo.h"

#include <gtest/gtest.h>

#include <filesystem>

#include "lsp/diagnostics.h"
#include "lsp/example_document_test_helpers.h"
#include "lsp/uri.h"
#include "source/json_io.h"

namespace gpuspec::lsp {
namespace {

namespace fs = std::filesystem;

class LentFindingsTest : public ::testing::Test {
 protected:
  void SetUp() override {
    ExampleDocument example = example_with_findings("gpuspec-lent");
    dir_ = example.dir;
    path_ = example.path;
    text_ = example.text;
    reference_.set_incremental(false);
  }
  void TearDown() override { fs::remove_all(dir_); }

  // The published diagnostics of `analysis`, and those of a lint of the whole text.
  void expect_as_fresh(const Analysis& analysis, const std::string& text) {
    LibraryFiles library((dir_ / "cache").string());
    const std::string uri = uri_from_path(path_);
    Locator here(analysis, library, uri);
    auto fresh = reference_.analyze(path_, text, {dir_.string()});
    Locator there(*fresh, library, uri);
    EXPECT_EQ(dump_json(document_diagnostics(analysis, here), -1), dump_json(document_diagnostics(*fresh, there), -1));
    EXPECT_GT(fresh->diagnostics().size(), 3u);
  }

  std::shared_ptr<const Analysis> analyze(const std::string& text, const std::shared_ptr<const Analysis>& replaced) {
    return adapter_.analyze(path_, text, {dir_.string()}, const_cast<Analysis*>(replaced.get()));
  }

  fs::path dir_;
  std::string path_, text_;
  CompilerAdapter adapter_, reference_;
};

TEST_F(LentFindingsTest, ComeBackFromTheAnalysisTheyWereLentToAndNoOtherOne) {
  auto first = analyze(text_, nullptr);
  const std::size_t declarations = first->lint_stats().linted.size();
  ASSERT_GT(declarations, 0u);
  expect_as_fresh(*first, text_);

  // A comment below: every kept finding is replayed, lent to the new analysis.
  const std::string below = text_ + "\n# a comment\n";
  auto second = analyze(below, first);
  EXPECT_TRUE(second->lint_stats().linted.empty());
  EXPECT_EQ(second->lint_stats().replayed, declarations);
  expect_as_fresh(*second, below);

  // Given back by the analysis they were lent to, and placed again under a line above.
  const std::string above = "# a line above\n" + text_;
  auto third = analyze(above, second);
  EXPECT_TRUE(third->lint_stats().linted.empty());
  expect_as_fresh(*third, above);

  // Its replacement is not given them back (the third analysis is still held): what
  // was lent is linted again; here with three PSUs, which changes the findings.
  std::string three = text_;
  three.replace(three.find("2 x generic.psu"), 1, "3");
  auto fourth = analyze(three, nullptr);
  EXPECT_EQ(fourth->lint_stats().linted.size(), declarations);
  expect_as_fresh(*fourth, three);

  // The third analysis is offered back after another lint: its findings (of two PSUs)
  // belong to entries since linted again, so they are refused, and the fourth's, kept
  // by the memo itself, are replayed under a line above.
  const std::string three_above = "# a line above\n" + three;
  auto fifth = analyze(three_above, third);
  EXPECT_TRUE(fifth->lint_stats().linted.empty());
  expect_as_fresh(*fifth, three_above);
}

}  // namespace
}  // namespace gpuspec::lsp
