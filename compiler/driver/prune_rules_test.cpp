// suggest's own checks before the pack runs (backends/suggest/rule_view.h, Prune) find
// their rule in the pack by the facts they read, and count their prunes under its id.
// This asks the embedded pack which rule each check finds: one that rejects, the only one
// reading those facts that few others, and the one the check means (the ids below are
// read off policies/*.gpuspec by hand). A rule that stops reading a check's facts, or a
// new rule that reads them as narrowly, fails here until the check follows; a rename
// fails only the id table, suggest itself follows it. What a check prunes is the rule's
// own verdict on the candidate's catalog facts (RuleView::violated), so no condition is
// compared here: suggest/prunes-ask-the-rules.test runs changed conditions through the binary.
#include <gtest/gtest.h>

#include <set>

#include "backends/suggest/rule_view.h"
#include "driver/session.h"

namespace gpuspec::driver {
namespace {

using suggest::Prune;

std::size_t reads_of(const lint::Policy& policy) {
  std::vector<facts::FactKey> keys;
  policy.require_program->collect_reads(keys);
  std::set<std::string_view> names;
  for (const auto& k : keys) names.insert(k.name);
  return names.size();
}

bool reads_all(const lint::Policy& policy, std::span<const std::string_view> facts) {
  std::vector<facts::FactKey> keys;
  policy.require_program->collect_reads(keys);
  std::set<std::string_view> names;
  for (const auto& k : keys) names.insert(k.name);
  for (auto f : facts) {
    if (!names.count(f)) return false;
  }
  return true;
}

class PruneRules : public ::testing::Test {
 protected:
  PruneRules() : session_(LibraryOptions{}), view_(session_.policies(), options_) {}
  Session session_;
  lint::LintOptions options_;
  suggest::RuleView view_;
};

TEST_F(PruneRules, EveryCheckFindsOneRuleThatRejects) {
  for (std::size_t i = 0; i < suggest::kPrunes; ++i) {
    const Prune p = Prune(i);
    const lint::Policy* rule = view_.rule(p);
    ASSERT_NE(rule, nullptr) << "check " << i << ": no rule reads its facts";
    EXPECT_TRUE(view_.rejects(p)) << rule->id;
    // No other server rule reads those facts and as few others: the pick is no tie.
    for (const auto& other : session_.policies().policies()) {
      if (&other == rule || !other.require_program) continue;
      if (std::find(other.applies.begin(), other.applies.end(), "server") == other.applies.end()) continue;
      if (!reads_all(other, suggest::reads_of(p))) continue;
      EXPECT_GT(reads_of(other), reads_of(*rule)) << rule->id << " ties with " << other.id;
    }
  }
}

TEST_F(PruneRules, EachCheckStandsForTheRuleItMeans) {
  const std::pair<Prune, const char*> expected[] = {
      {Prune::MarketRegion, "gpu.market-region"},
      {Prune::CloudOnlyPart, "gpu.cloud-only-part"},
      {Prune::FormFactor, "gpu.form-factor-fits-chassis"},
      {Prune::SxmSocket, "gpu.sxm-socket-fits-chassis"},
      {Prune::GpusFitChassis, "gpu.count-fits-chassis"},
      {Prune::GpusFillBaseboard, "gpu.count-fills-baseboard"},
      {Prune::GpusFitSlots, "gpu.slots-fit-chassis"},
      {Prune::GpuFitsBays, "gpu.width-fits-bays"},
      {Prune::ConsumerInRack, "gpu.consumer-in-rack-server"},
      {Prune::VramFits, "vram.fits-workload"},
      {Prune::ParallelismFits, "workload.parallelism-fits-gpus"},
      {Prune::CpuSocket, "cpu.socket-fits-chassis"},
      {Prune::CpuFixed, "cpu.fixed-by-system"},
      {Prune::CpuSockets, "cpu.sockets-populated"},
      {Prune::DimmType, "memory.dimm-type-fits-cpu"},
      {Prune::PcieLanes, "cpu.pcie-lanes"},
      {Prune::PsuForm, "power.psu-form-fits-chassis"},
      {Prune::PsuModule, "power.psu-module-fits-chassis"},
      {Prune::PsuHotSwap, "power.redundancy-needs-hot-swap"},
      {Prune::PsuRedundancy, "power.redundant-psu"},
      {Prune::PsuBays, "power.psu-count-fits-bays"},
  };
  ASSERT_EQ(std::size(expected), suggest::kPrunes);
  for (const auto& [p, id] : expected) {
    ASSERT_NE(view_.rule(p), nullptr) << id;
    EXPECT_EQ(view_.rule(p)->id, id);
  }
}

// A check asks the rule that rejects in the run: with the built-in rule disabled, no other
// rule of the pack reads the licence check's facts, so the check prunes nothing (a project's
// own rule on those facts would be asked instead: suggest/prunes-ask-the-rules.test).
TEST_F(PruneRules, ADisabledRuleIsNotAsked) {
  lint::LintOptions off;
  off.disabled.insert("gpu.consumer-in-rack-server");
  const suggest::RuleView view(session_.policies(), off);
  EXPECT_EQ(view.rule(Prune::ConsumerInRack), nullptr);
  EXPECT_FALSE(view.rejects(Prune::ConsumerInRack));
}

// A check's verdict is kept per choice of the parts its rule reads (part_verdicts.h):
// the parts are read off the rule's own guard and requirement.
TEST_F(PruneRules, TheVerdictsAreKeptByThePartsTheRuleReads) {
  using suggest::PartRead;
  EXPECT_EQ(view_.part_reads(Prune::ConsumerInRack), suggest::kGpuPart | suggest::kChassisPart);
  EXPECT_EQ(view_.part_reads(Prune::GpusFitChassis), suggest::kGpuPart | suggest::kChassisPart);
  EXPECT_EQ(view_.part_reads(Prune::GpusFitSlots), suggest::kGpuPart | suggest::kChassisPart | suggest::kVariantPart);
  EXPECT_EQ(view_.part_reads(Prune::DimmType), suggest::kCpuPart | suggest::kDimmPart);
  EXPECT_EQ(view_.part_reads(Prune::PsuHotSwap), unsigned{suggest::kPsuPart});
  // The redundancy rule reads the power model and the uptime: asked every time.
  EXPECT_TRUE(view_.part_reads(Prune::PsuRedundancy) & suggest::kOtherFacts);
}

}  // namespace
}  // namespace gpuspec::driver
