// suggest's own checks before the pack runs (backends/suggest/rule_view.h, Prune) find
// their rule in the pack by the facts they read, and count their prunes under its id.
// This asks the embedded pack which rule each check finds: one that rejects, the only one
// reading those facts that few others, and the one the check means (the ids below are
// read off policies/*.gpuspec by hand). A rule that stops reading a check's facts, or a
// new rule that reads them as narrowly, fails here until the check follows; a rename
// fails only the id table, suggest itself follows it.
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
      {Prune::Budget, "budget.exceeded"},
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

// The numeric checks' comparisons, as search.cpp and sizing.cpp make them, on the rules
// themselves: what the check prunes the rule fails, and the edge it keeps the rule passes.
TEST_F(PruneRules, TheCountChecksCompareAsTheirRules) {
  auto check = [&](Prune p, std::initializer_list<std::pair<const char*, double>> values) {
    facts::FactSet f("s", "server");
    for (const auto& [name, v] : values) f.set(name, facts::Value::number(v), {});
    return view_.rule(p)->require_program->check(f).kind;
  };
  using K = eval::Check::Kind;
  // search.cpp: f.gpus_per_node > max_gpus prunes.
  EXPECT_EQ(check(Prune::GpusFitChassis, {{"gpu.count", 5}, {"chassis.max_gpus", 4}}), K::False);
  EXPECT_EQ(check(Prune::GpusFitChassis, {{"gpu.count", 4}, {"chassis.max_gpus", 4}}), K::True);
  // search.cpp: an SXM frame's GPUs per node other than the board's prune.
  EXPECT_EQ(check(Prune::GpusFillBaseboard, {{"gpu.count", 4}, {"chassis.baseboard_gpus", 8}}), K::False);
  EXPECT_EQ(check(Prune::GpusFillBaseboard, {{"gpu.count", 8}, {"chassis.baseboard_gpus", 8}}), K::True);
  // sizing.cpp: fewer CPUs than the board's required sockets prune.
  EXPECT_EQ(check(Prune::CpuSockets, {{"cpu.sockets", 1}, {"chassis.cpu_sockets_required", 2}}), K::False);
  EXPECT_EQ(check(Prune::CpuSockets, {{"cpu.sockets", 2}, {"chassis.cpu_sockets_required", 2}}), K::True);
  // sizing.cpp: count > bays prunes.
  EXPECT_EQ(check(Prune::PsuBays, {{"psu.count", 5}, {"chassis.psu_slots", 4}}), K::False);
  EXPECT_EQ(check(Prune::PsuBays, {{"psu.count", 4}, {"chassis.psu_slots", 4}}), K::True);
  // search.cpp: an air-cooled card wider than the bays prunes (the rule's guard exempts
  // water blocks, which search.cpp skips the same way).
  EXPECT_EQ(check(Prune::GpuFitsBays, {{"gpu.slot_width", 3}, {"chassis.max_gpu_width", 2}}), K::False);
  EXPECT_EQ(check(Prune::GpuFitsBays, {{"gpu.slot_width", 2}, {"chassis.max_gpu_width", 2}}), K::True);
}

// The checks that compare a catalog symbol, as search.cpp and sizing.cpp make them.
TEST_F(PruneRules, TheSymbolChecksCompareAsTheirRules) {
  using K = eval::Check::Kind;
  using facts::Value;
  auto check = [&](Prune p, std::initializer_list<std::pair<const char*, Value>> values) {
    facts::FactSet f("s", "server");
    for (const auto& [name, v] : values) f.set(name, v, {});
    return view_.rule(p)->require_program->check(f).kind;
  };
  // search.cpp: a GPU of catalog class `cloud` prunes a server frame.
  EXPECT_EQ(check(Prune::CloudOnlyPart, {{"gpu.class", Value::symbol("cloud")}}), K::False);
  EXPECT_EQ(check(Prune::CloudOnlyPart, {{"gpu.class", Value::symbol("datacenter")}}), K::True);
  // search.cpp: a consumer GPU in a chassis of a known form other than tower prunes; in a
  // tower, or a workstation card in a rack, the rule passes.
  EXPECT_EQ(check(Prune::ConsumerInRack, {{"gpu.class", Value::symbol("consumer")}, {"chassis.form", Value::symbol("rack_2u")}}),
            K::False);
  EXPECT_EQ(check(Prune::ConsumerInRack, {{"gpu.class", Value::symbol("consumer")}, {"chassis.form", Value::symbol("tower")}}),
            K::True);
  EXPECT_EQ(check(Prune::ConsumerInRack, {{"gpu.class", Value::symbol("workstation")}, {"chassis.form", Value::symbol("rack_4u")}}),
            K::True);
  // sizing.cpp: a CPU whose socket is not the chassis's prunes.
  EXPECT_EQ(check(Prune::CpuSocket, {{"cpu.socket", Value::symbol("sp5")}, {"chassis.cpu_socket", Value::symbol("lga4677")}}),
            K::False);
  EXPECT_EQ(check(Prune::CpuSocket, {{"cpu.socket", Value::symbol("sp5")}, {"chassis.cpu_socket", Value::symbol("sp5")}}),
            K::True);
  // sizing.cpp: a supply whose catalog hot_swap is false runs single or not at all.
  EXPECT_EQ(check(Prune::PsuHotSwap, {{"psu.hot_swap", Value::flag(false)}}), K::False);
  EXPECT_EQ(check(Prune::PsuHotSwap, {{"psu.hot_swap", Value::flag(true)}}), K::True);
}

}  // namespace
}  // namespace gpuspec::driver
