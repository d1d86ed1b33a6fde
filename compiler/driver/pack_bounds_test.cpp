// The bounds the embedded policy pack puts on the facts `gpuspec suggest` sizes parts by
// (lint/bounds.h, backends/suggest/sizing.cpp). Sizing has no threshold of its own: if a
// rule below is rewritten into a shape the bounds API cannot read, or its number changes,
// this test names the fact whose sizing moved. Each expected number is the rule's own as
// its source states it (policies/*.gpuspec: 000 §3's 2 x VRAM and 2 cores per GPU, 002
// Q1's 1.5 x full load, 002 §3's 8 cores and DDR5-4800, 002 §4's 4 TB, the pack's 2 x
// the data set, 000 §3's 5 GB/s, 200 Gb/s = 25 GB/s per GPU from NVIDIA's DGX systems).
#include <gtest/gtest.h>

#include "driver/session.h"
#include "lint/bounds.h"

namespace gpuspec::driver {
namespace {

using facts::Value;
using Relation = lint::Bound::Relation;

units::Quantity q(double value, units::Dimension dimension) { return {value, dimension, units::Currency::None}; }

class PackBounds : public ::testing::Test {
 protected:
  PackBounds() : session_(LibraryOptions{}), bounds_(session_.policies(), options_), known_("s", "server") {
    known_.set("gpu.count", Value::number(8), {});
    known_.set("gpu.vram_total", Value::of(q(640e9, units::Dimension::data())), {});
    known_.set("nodes", Value::number(2), {});
    known_.set("workload.trains", Value::flag(true), {});
    known_.set("workload.dataset_known", Value::flag(true), {});
    known_.set("workload.dataset", Value::of(q(3e12, units::Dimension::data())), {});
    known_.set("storage.data.present", Value::flag(true), {});
    known_.set("power.full_load", Value::of(q(10200, units::Dimension::power())), {});
  }
  std::optional<lint::Need> need(std::string_view fact) {
    return lint::tightest_lower(bounds_.on(fact, "server", known_), known_);
  }
  Session session_;
  lint::LintOptions options_;
  lint::Bounds bounds_;
  facts::FactSet known_;
};

TEST_F(PackBounds, MemoryIsTwiceTheVram) {
  auto n = need("memory.total");
  ASSERT_TRUE(n);
  EXPECT_EQ(n->value, 1280e9);  // 2 x 640 GB
  EXPECT_EQ(n->bound->policy->id, "memory.ram-2x-vram");
}

TEST_F(PackBounds, PsusCarryOneAndAHalfTimesTheFullLoad) {
  auto n = need("psu.capacity_carrying");
  ASSERT_TRUE(n);
  EXPECT_EQ(n->value, 15300);  // 1.5 x 10.2 kW
  EXPECT_EQ(n->bound->relation, Relation::AtLeast);
}

TEST_F(PackBounds, CoresAreTwoPerGpuAndEightForTraining) {
  auto cores = bounds_.on("cpu.cores_total", "server", known_);
  ASSERT_EQ(cores.size(), 2u);
  EXPECT_EQ(cores[0]->value(known_), 16);  // 2 x 8 GPUs
  EXPECT_EQ(cores[1]->value(known_), 8);
  facts::FactSet serving = facts::FactSet::layered_on(known_);
  serving.set("workload.trains", Value::flag(false), {});
  ASSERT_EQ(bounds_.on("cpu.cores_total", "server", serving).size(), 1u);  // cpu.min-cores is for training
}

TEST_F(PackBounds, TheDataVolumeHoldsFourTerabytesAndTwiceTheDataSet) {
  auto capacity = bounds_.on("storage.data.capacity", "server", known_);
  ASSERT_EQ(capacity.size(), 2u);
  auto n = lint::tightest_lower(capacity, known_);
  ASSERT_TRUE(n);
  EXPECT_EQ(n->value, 6e12);  // 2 x 3 TB, above 4 TB
  facts::FactSet small = facts::FactSet::layered_on(known_);
  small.set("workload.dataset", Value::of(q(1e12, units::Dimension::data())), {});
  EXPECT_EQ(lint::tightest_lower(bounds_.on("storage.data.capacity", "server", small), small)->value, 4e12);
}

TEST_F(PackBounds, TheDataVolumeReadsAndWritesAboveFiveGigabytesASecond) {
  for (const char* fact : {"storage.data.read_bw", "storage.data.write_bw"}) {
    auto n = need(fact);
    ASSERT_TRUE(n) << fact;
    EXPECT_EQ(n->value, 5e9) << fact;
    EXPECT_EQ(n->bound->relation, Relation::Above) << fact;
  }
}

TEST_F(PackBounds, AClusterGivesEachGpuTwoHundredGigabits) {
  auto n = need("network.bandwidth_per_gpu");
  ASSERT_TRUE(n);
  EXPECT_EQ(n->value, 25e9);
  facts::FactSet one = facts::FactSet::layered_on(known_);
  one.set("nodes", Value::number(1), {});
  EXPECT_TRUE(bounds_.on("network.bandwidth_per_gpu", "server", one).empty());
}

TEST_F(PackBounds, MemoryIsDdr5AtLeast4800) {
  auto speed = need("memory.speed");
  ASSERT_TRUE(speed);
  EXPECT_EQ(speed->value, 4800);
  auto type = bounds_.on("memory.type", "server", known_);
  ASSERT_EQ(type.size(), 1u);
  EXPECT_EQ(type[0]->symbol, "ddr5");
}

// budget.exceeded (policies/budget.gpuspec) is a choice of cases on deploy.kind: on
// premises, the high end of the capex is at most the budget; suggest reads that bound
// (backends/suggest/budget_bounds.h) instead of restating it.
TEST_F(PackBounds, AServersCapexIsAtMostItsBudget) {
  facts::FactSet onprem = facts::FactSet::layered_on(known_);
  onprem.set("deploy.kind", Value::symbol("onprem"), {});
  onprem.set("budget", Value::of({150000, units::Dimension::money_amount(), units::Currency::USD}), {});
  auto capex = bounds_.on("cost.capex_high", "server", onprem);
  ASSERT_EQ(capex.size(), 1u);
  EXPECT_EQ(capex[0]->policy->id, "budget.exceeded");
  EXPECT_EQ(capex[0]->relation, Relation::AtMost);
  EXPECT_EQ(capex[0]->value(onprem), 150000);
  EXPECT_TRUE(bounds_.on("cost.total_over_horizon_high", "server", onprem).empty()) << "the cloud case's";
}

}  // namespace
}  // namespace gpuspec::driver
