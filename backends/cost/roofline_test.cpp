#include "backends/cost/roofline.h"

#include <gtest/gtest.h>

#include <limits>

#include "facts/fact.h"

namespace gpuspec::cost {
namespace {

// The datasheet roofs: L4 121 dense BF16 TFLOPS and 300 GB/s (ops:byte 403.3), A10 125
// TFLOPS and 600 GB/s (208.3).
const Roof kL4{121e12, 300e9};
const Roof kA10{125e12, 600e9};

TEST(Roofline, BelowTheOpsByteRatioTheBandwidthLimits) {
  // 96 FLOPs per byte: 96 x 300 GB/s = 28.8 TFLOPS on the L4, 96 x 600 GB/s = 57.6 on the A10.
  const StepWork work{96e9, 1e9};
  Attainable l4 = attainable(work, kL4);
  ASSERT_TRUE(l4.flops);
  EXPECT_TRUE(l4.bandwidth_bound);
  EXPECT_DOUBLE_EQ(*l4.flops, 28.8e12);
  Attainable a10 = attainable(work, kA10);
  ASSERT_TRUE(a10.flops);
  EXPECT_TRUE(a10.bandwidth_bound);
  EXPECT_DOUBLE_EQ(*a10.flops, 57.6e12);
}

TEST(Roofline, AboveItThePeakLimits) {
  // 1,000 FLOPs per byte x 300 GB/s = 300 TFLOPS > 121: the peak.
  Attainable a = attainable({1000e9, 1e9}, kL4);
  ASSERT_TRUE(a.flops);
  EXPECT_FALSE(a.bandwidth_bound);
  EXPECT_DOUBLE_EQ(*a.flops, 121e12);
}

TEST(Roofline, AtTheRidgeBothRoofsMeetAndItIsComputeBound) {
  // 120 TFLOPS / 300 GB/s = 400 FLOPs per byte exactly.
  Attainable a = attainable({400, 1}, {120e12, 300e9});
  ASSERT_TRUE(a.flops);
  EXPECT_FALSE(a.bandwidth_bound);
  EXPECT_DOUBLE_EQ(*a.flops, 120e12);
  // Just below the ridge the memory roof is lower.
  Attainable below = attainable({399, 1}, {120e12, 300e9});
  ASSERT_TRUE(below.flops);
  EXPECT_TRUE(below.bandwidth_bound);
  EXPECT_DOUBLE_EQ(*below.flops, 399 * 300e9);
}

TEST(Roofline, AMissingZeroOrUnboundedFigureIsNoEstimate) {
  const StepWork work{96e9, 1e9};
  const double inf = std::numeric_limits<double>::infinity();
  for (const Roof& roof : {Roof{std::nullopt, 300e9}, Roof{0, 300e9}, Roof{-1, 300e9}, Roof{inf, 300e9}}) {
    Attainable a = attainable(work, roof);
    EXPECT_FALSE(a.flops);
    EXPECT_EQ(a.unknown, "no dense BF16 figure");
  }
  // Never an unlimited memory (peak) nor a zero one (no throughput at all).
  for (const Roof& roof : {Roof{121e12, std::nullopt}, Roof{121e12, 0}, Roof{121e12, inf},
                           Roof{121e12, std::numeric_limits<double>::quiet_NaN()}}) {
    Attainable a = attainable(work, roof);
    EXPECT_FALSE(a.flops);
    EXPECT_FALSE(a.bandwidth_bound);
    EXPECT_EQ(a.unknown, "no memory bandwidth figure");
  }
}

TEST(Roofline, StepsWithoutBytesOrWithoutFlops) {
  Attainable no_bytes = attainable({1e12, 0}, kL4);
  ASSERT_TRUE(no_bytes.flops);
  EXPECT_DOUBLE_EQ(*no_bytes.flops, 121e12);
  EXPECT_FALSE(no_bytes.bandwidth_bound);
  EXPECT_FALSE(attainable({0, 1e9}, kL4).flops);
  EXPECT_FALSE(attainable({1e12, -1}, kL4).flops);
}

facts::FactSet workload(const std::string& task, bool trains) {
  facts::FactSet f("w", "server");
  const facts::Origin declared{facts::Origin::Kind::Declared, {}, {}, {}};
  f.set("workload.task", facts::Value::symbol(task), declared);
  f.set("workload.trains", facts::Value::flag(trains), declared);
  f.set("workload.params", facts::Value::number(7e9), declared);
  f.set("workload.mem.weights", facts::Value::number(7e9), declared);
  f.set("workload.mem.gradients", facts::Value::number(1e9), declared);
  f.set("workload.mem.optimizer", facts::Value::number(2e9), declared);
  f.set("workload.mem.activations", facts::Value::number(3e9), declared);
  f.set("workload.mem.kv_cache", facts::Value::number(2e9), declared);
  f.set("workload.batch_size", facts::Value::number(2), declared);
  f.set("workload.seq_len", facts::Value::number(1024), declared);
  f.set("workload.tensor_parallel", facts::Value::number(2), declared);
  return f;
}

TEST(Roofline, TrainingStepIsSixNPerTokenAgainstTheStateWrittenAndRead) {
  std::string why;
  auto step = step_work(workload("llm.finetune", true), why);
  ASSERT_TRUE(step) << why;
  EXPECT_FALSE(step->decode);
  // 6 x 7e9 / 2 (tensor parallel) x 2 x 1,024 tokens; 2 x (7 + 1 + 2 + 3) GB.
  EXPECT_DOUBLE_EQ(step->flops, 6 * 3.5e9 * 2048);
  EXPECT_DOUBLE_EQ(step->bytes, 26e9);
}

TEST(Roofline, ServingStepIsOneDecodeTokenPerSequenceAgainstWeightsAndCache) {
  std::string why;
  auto step = step_work(workload("llm.inference", false), why);
  ASSERT_TRUE(step) << why;
  EXPECT_TRUE(step->decode);
  // 2 x 7e9 / 2 x 2 sequences; the weights and the KV cache read once: 9 GB. 3.1 FLOPs
  // per byte: bandwidth bound on every GPU.
  EXPECT_DOUBLE_EQ(step->flops, 2 * 3.5e9 * 2);
  EXPECT_DOUBLE_EQ(step->bytes, 9e9);
  EXPECT_TRUE(attainable(*step, {2250e12, 8000e9}).bandwidth_bound);
}

TEST(Roofline, NoStepForOtherTasks) {
  std::string why;
  EXPECT_FALSE(step_work(workload("cv.classification", true), why));
  EXPECT_EQ(why, "no step model for cv.classification");
}

Throughput option(const std::string& gpu, Roof roof, std::optional<StepWork> step) {
  Throughput t;
  t.gpu = gpu;
  t.gpus = 1;
  t.roof = roof;
  t.step = step;
  if (step) {
    t.per_gpu = attainable(*step, roof);
  } else {
    t.step_unknown = "no step model for cv.classification";
    t.per_gpu.flops = roof.peak_flops;
  }
  return t;
}

TEST(Roofline, TimeChangeSaysHowItWasEstimated) {
  const StepWork work{96e9, 1e9};
  // 28.8 / 57.6 - 1 = -50 %: the A10 halves the L4's time on a bandwidth-bound step.
  EXPECT_EQ(time_change(option("l4", kL4, work), option("a10", kA10, work)), "-50 % time per epoch");
  EXPECT_EQ(time_change(option("a10", kA10, work), option("l4", kL4, work), false), "+100 % time per request");
  // No step: at peak, 121 / 125 - 1 = -3.2 %.
  EXPECT_EQ(time_change(option("l4", kL4, std::nullopt), option("a10", kA10, std::nullopt)),
            "-3 % time per epoch at peak TFLOPS");
  EXPECT_EQ(time_change(option("l4", kL4, work), option("l4", kL4, work)), "the same time per epoch");
  EXPECT_EQ(time_change(option("l4", kL4, work), option("l20", {std::nullopt, 864e9}, work)),
            "time per epoch unknown (l20: no dense BF16 figure)");
  EXPECT_EQ(time_change(option("x", {121e12, std::nullopt}, work), option("l20", {std::nullopt, 864e9}, work)),
            "time per epoch unknown (x: no memory bandwidth figure; l20: no dense BF16 figure)");
}

TEST(Roofline, DescribeNamesTheBoundOrWhatIsMissing) {
  EXPECT_EQ(option("nvidia.l4", kL4, StepWork{96e9, 1e9}).describe(),
            "1 x nvidia.l4 (121 dense BF16 TFLOPS, 300 GB/s each): training bandwidth bound at 96 FLOPs per byte, "
            "28.8 TFLOPS per GPU");
  EXPECT_EQ(option("nvidia.l4", kL4, StepWork{2000e9, 1e9}).describe(),
            "1 x nvidia.l4 (121 dense BF16 TFLOPS, 300 GB/s each): training compute bound at 2000 FLOPs per byte");
  // Without a step and without a peak there is nothing to compare at: it says so.
  Throughput l20 = option("nvidia.l20", {std::nullopt, 864e9}, std::nullopt);
  l20.per_gpu.unknown = "no dense BF16 figure";
  EXPECT_EQ(l20.describe(), "1 x nvidia.l20 (no dense BF16 figure, 864 GB/s each): no estimate, no dense BF16 figure");
  EXPECT_EQ(option("nvidia.l4", kL4, std::nullopt).describe(),
            "1 x nvidia.l4 (121 dense BF16 TFLOPS, 300 GB/s each): compared at peak, no step model for cv.classification");
}

}  // namespace
}  // namespace gpuspec::cost
