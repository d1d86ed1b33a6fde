// Remedies: only settings not in effect, each lowering the estimate; the hint clause
// names those that fit one card, else the fewest that fit together.
#include "facts/estimator_remedies.h"

#include <gtest/gtest.h>

#include <algorithm>

namespace gpuspec::facts {
namespace {

constexpr double kGB = 1e9;

EstimatorInput llama13b(Method method) {
  return {.params = 13e9, .precision = Precision::BF16, .method = method, .recompute = Recompute::Full,
          .seq_len = 2048, .batch_size = 1, .layers = 40, .hidden = 5120, .heads = 40, .vocab = 32000};
}

bool has(const std::vector<Remedy>& remedies, std::string_view prefix) {
  return std::any_of(remedies.begin(), remedies.end(), [&](const Remedy& r) { return r.setting.starts_with(prefix); });
}

TEST(Remedies, NeverSuggestWhatIsInEffect) {
  const auto lora = find_remedies(llama13b(Method::Lora), 1);
  EXPECT_FALSE(has(lora, "method = lora"));
  EXPECT_FALSE(has(lora, "recompute = full"));
  EXPECT_TRUE(has(lora, "method = qlora"));

  EstimatorInput sharded = llama13b(Method::Full);
  sharded.sharding = Sharding::Zero3;
  sharded.data_parallel = 8;
  sharded.offload = Offload::Cpu;
  const auto full = find_remedies(sharded, 8);
  EXPECT_FALSE(has(full, "sharding"));
  EXPECT_FALSE(has(full, "offload"));
  EXPECT_TRUE(has(full, "method = lora"));
}

TEST(Remedies, EachLowersTheEstimate) {
  EstimatorInput input = llama13b(Method::Full);
  input.recompute = Recompute::None;
  input.batch_size = 4;
  input.data_parallel = 4;
  const double current = estimate_memory(input).per_gpu;
  const auto remedies = find_remedies(input, 4);
  ASSERT_FALSE(remedies.empty());
  for (const auto& r : remedies) EXPECT_LT(r.per_gpu, current) << r.setting;
  EXPECT_TRUE(has(remedies, "sharding = zero3 over 4 GPUs"));
  EXPECT_TRUE(has(remedies, "sharding = zero2 + offload = cpu"));
  EXPECT_TRUE(has(remedies, "tensor_parallel = 4"));
}

TEST(Remedies, InferenceGetsQuantizationAndTensorParallelOnly) {
  const EstimatorInput input{.params = 70e9, .precision = Precision::BF16, .method = Method::Inference};
  const auto remedies = find_remedies(input, 8);
  ASSERT_EQ(remedies.size(), 3u);
  EXPECT_EQ(remedies[0].setting, "tensor_parallel = 8");
  EXPECT_EQ(remedies[1].setting, "precision = int8");
  EXPECT_EQ(remedies[2].setting, "precision = int4");
  EXPECT_DOUBLE_EQ(remedies[0].per_gpu, 1.2 * 140e9 / 8);
}

TEST(Remedies, ClauseNamesWhatFitsAlone) {
  // 13B LoRA needs ~31 GB; on a 24 GB card only QLoRA fits alone.
  const std::string clause = describe_remedies(llama13b(Method::Lora), 1, 24 * kGB);
  EXPECT_TRUE(clause.starts_with("it fits with method = qlora (")) << clause;
  EXPECT_EQ(clause.find(" or "), std::string::npos) << clause;
}

TEST(Remedies, ClauseCombinesWhenNothingFitsAlone) {
  // 13B full fine-tuning (~211 GB) on one 80 GB card: ZeRO-Offload alone leaves ~34 GB
  // of 16-bit weights and activations, so it fits alone; on an 11 GB card QLoRA alone
  // needs ~11.2 GB (7.2 GB base, 0.6 GB adapter states, activations, loss and context),
  // and only QLoRA with ZeRO-Offload of the adapter states (~10.7 GB) fits together.
  const std::string alone = describe_remedies(llama13b(Method::Full), 1, 80 * kGB);
  EXPECT_NE(alone.find("offload = cpu"), std::string::npos) << alone;
  const std::string together = describe_remedies(llama13b(Method::Full), 1, 11 * kGB);
  EXPECT_TRUE(together.starts_with("no single setting fits; together")) << together;
  const std::string none = describe_remedies(llama13b(Method::Full), 1, 1 * kGB);
  EXPECT_TRUE(none.starts_with("no setting fits one card")) << none;
}

}  // namespace
}  // namespace gpuspec::facts
