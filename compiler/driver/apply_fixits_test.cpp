#include "driver/apply_fixits.h"

#include <gtest/gtest.h>

namespace gpuspec::driver {
namespace {

Diagnostic with_fixits(std::vector<FixIt> fixits) {
  Diagnostic d;
  d.fixits = std::move(fixits);
  return d;
}

TEST(ApplyFixits, AppliesEditsFromTheEndSoOffsetsStayValid) {
  SourceManager sources;
  const SourceFile& f = sources.add("a.gpuspec", "params = 13b\nseq_len = 4k\n");
  std::vector<Diagnostic> diags = {with_fixits({{{f.id(), 9, 12}, "13B"}}), with_fixits({{{f.id(), 23, 25}, "4K"}})};
  FixedFiles fixed = apply_fixits({{&diags, &sources}});
  ASSERT_EQ(fixed.files.size(), 1u);
  EXPECT_EQ(fixed.files[0].contents, "params = 13B\nseq_len = 4K\n");
  EXPECT_EQ(fixed.applied, 2u);
}

TEST(ApplyFixits, TheSameFixItTwiceIsAppliedOnce) {
  // Two unknown names from one sibling file both ask for the same import.
  SourceManager sources;
  const SourceFile& f = sources.add("a.gpuspec", "server s {}\n");
  std::vector<Diagnostic> diags = {with_fixits({{{f.id(), 0, 0}, "import \"w.gpuspec\"\n\n"}}),
                                   with_fixits({{{f.id(), 0, 0}, "import \"w.gpuspec\"\n\n"}})};
  FixedFiles fixed = apply_fixits({{&diags, &sources}, {&diags, &sources}});
  ASSERT_EQ(fixed.files.size(), 1u);
  EXPECT_EQ(fixed.files[0].contents, "import \"w.gpuspec\"\n\nserver s {}\n");
  EXPECT_EQ(fixed.applied, 1u);
}

TEST(ApplyFixits, OverlappingEditsWaitForTheNextRun) {
  SourceManager sources;
  const SourceFile& f = sources.add("a.gpuspec", "abcdef");
  std::vector<Diagnostic> diags = {with_fixits({{{f.id(), 1, 4}, "X"}}), with_fixits({{{f.id(), 3, 5}, "Y"}})};
  FixedFiles fixed = apply_fixits({{&diags, &sources}});
  EXPECT_EQ(fixed.files[0].contents, "abcYf");
  EXPECT_EQ(fixed.applied, 1u);
  EXPECT_EQ(fixed.skipped, 1u);
}

TEST(ApplyFixits, NeverTouchesEmbeddedFilesOrWaivedFindings) {
  SourceManager sources;
  const SourceFile& lib = sources.add("<stdlib>/x.gpuspec", "abc", /*embedded=*/true);
  const SourceFile& f = sources.add("a.gpuspec", "abc");
  Diagnostic waived = with_fixits({{{f.id(), 0, 1}, "Z"}});
  waived.suppressed_by = "reason";
  std::vector<Diagnostic> diags = {with_fixits({{{lib.id(), 0, 1}, "Z"}}), waived};
  EXPECT_TRUE(apply_fixits({{&diags, &sources}}).files.empty());
}

}  // namespace
}  // namespace gpuspec::driver
