// The estimator's LoRA adapter count, QLoRA's 16-bit embeddings, pipeline parallelism and
// the host memory of offload. Each expectation is a published figure or the formula of
// docs/estimator.md worked by hand, never the code's own output.
#include <gtest/gtest.h>

#include <string>

#include "facts/estimator.h"
#include "facts/estimator_formulas.h"

namespace gpuspec::facts {
namespace {

constexpr double kLlama2_7B = 6738415616;  // config.json's count (stdlib/models.gpuspec)
constexpr unsigned kQV = static_cast<unsigned>(LoraTarget::Q) | static_cast<unsigned>(LoraTarget::V);

EstimatorInput llama2_7b(Method method, Precision precision) {
  return {.params = kLlama2_7B,
          .precision = precision,
          .method = method,
          .layers = 32,
          .hidden = 4096,
          .heads = 32,
          .kv_heads = 32,
          .vocab = 32000,
          .intermediate = 11008};
}

double model_states(const MemoryEstimate& estimate) { return estimate.weights + estimate.gradients + estimate.optimizer; }

// PEFT's default LoraConfig(r = 8) on Llama wraps q_proj and v_proj; PEFT prints
// "trainable params: 4,194,304 || all params: 6,738,415,616" for Llama-2-7B:
// 8 x (4096 + 4096) x 2 matrices x 32 layers.
TEST(LoraAdapters, PeftDefaultOnLlama2_7BIs4194304) {
  EstimatorInput input = llama2_7b(Method::Lora, Precision::BF16);
  input.lora_targets = kQV;
  EXPECT_EQ(trainable_params(input), 4194304);
  EXPECT_DOUBLE_EQ(model_states(estimate_memory(input)), 2 * kLlama2_7B + 4194304.0 * 16);
}

// LLaMA-Factory's default (rank 8, every linear layer): r x (4 x (h + h) + 3 x (h + 11008))
// x 32 = 8 x 78,080 x 32 = 19,988,480.
TEST(LoraAdapters, LlamaFactoryDefaultOnLlama2_7BIs19988480) {
  EXPECT_EQ(trainable_params(llama2_7b(Method::Lora, Precision::BF16)), 19988480);
}

// Grouped-query attention narrows k and v: Llama-2-70B (8 of 64 KV heads, h 8192, MLP
// 28672), rank 16 on all: 16 x (2 x 16384 + 2 x (8192 + 1024) + 3 x (8192 + 28672)) x 80.
TEST(LoraAdapters, GroupedQueryAttentionNarrowsKeyAndValue) {
  const EstimatorInput input{.params = 68976648192,
                             .method = Method::Lora,
                             .layers = 80,
                             .hidden = 8192,
                             .heads = 64,
                             .kv_heads = 8,
                             .intermediate = 28672,
                             .lora_rank = 16};
  EXPECT_EQ(trainable_params(input), 16.0 * (2 * 16384 + 2 * 9216 + 3 * 36864) * 80);
}

// Without the MLP width the adapters on gate/up/down assume 4 x hidden.
TEST(LoraAdapters, UnknownIntermediateAssumesFourTimesHidden) {
  EstimatorInput input = llama2_7b(Method::Lora, Precision::BF16);
  input.intermediate.reset();
  EXPECT_EQ(trainable_params(input), 8.0 * (4 * 8192 + 3 * (4096 + 16384)) * 32);
}

// bitsandbytes quantizes the linear layers only: Llama-2-7B's embedding and untied head
// (2 x 32000 x 4096) stay in bf16, the rest is NF4 with double-quantized constants.
TEST(QloraBase, EmbeddingAndHeadStayIn16Bits) {
  const EstimatorInput input = llama2_7b(Method::Qlora, Precision::INT4);
  const double kept = 2 * 32000.0 * 4096;
  const double nf4 = (4 + 8.0 / 64 + 32.0 / (64 * 256)) / 8;
  EXPECT_DOUBLE_EQ(formulas::stored_weight_bytes(input), (kLlama2_7B - kept) * nf4 + kept * 2);
  EXPECT_DOUBLE_EQ(model_states(estimate_memory(input)), (kLlama2_7B - kept) * nf4 + kept * 2 + 19988480.0 * 16);
}

// Pipeline parallelism splits the layers: weights and states / p; activations stay
// (1F1B keeps p micro-batches of L/p layers on the first stage, Korthikanti et al. §4.2.3).
TEST(PipelineParallel, SplitsStatesNotActivations) {
  EstimatorInput input{.params = 7e9,
                       .method = Method::Full,
                       .pipeline_parallel = 4,
                       .recompute = Recompute::Full,
                       .seq_len = 4096,
                       .batch_size = 1,
                       .layers = 32,
                       .hidden = 4096};
  const MemoryEstimate estimate = estimate_memory(input);
  EXPECT_DOUBLE_EQ(model_states(estimate), 16 * 7e9 / 4);
  EXPECT_DOUBLE_EQ(estimate.activations, 2 * 4096.0 * 4096 * 32);
  EXPECT_DOUBLE_EQ(estimate.total, estimate.per_gpu * 4);
}

TEST(PipelineParallel, InferenceSplitsWeightsAndKvCache) {
  const EstimatorInput input{.params = 7e9,
                             .precision = Precision::FP16,
                             .method = Method::Inference,
                             .tensor_parallel = 2,
                             .pipeline_parallel = 2,
                             .seq_len = 4096,
                             .batch_size = 1,
                             .layers = 32,
                             .hidden = 4096};
  EXPECT_DOUBLE_EQ(estimate_memory(input).per_gpu, (1.2 * 14e9 + 4096 * 0.5 * 1024 * 1024) / 4);
}

// The case: Llama-2-13B, ZeRO-3 + CPU offload on one g5.12xlarge (4 GPUs):
// 13,015,864,320 x 18 B = 234.3 GB of states, 351.4 GB with the buffer factor.
TEST(HostOffload, Llama2_13BZero3OffloadNeeds351GB) {
  const EstimatorInput input{.params = 13015864320, .method = Method::Full, .sharding = Sharding::Zero3,
                             .data_parallel = 4, .offload = Offload::Cpu};
  const HostOffload host = estimate_host_offload(input, 4, 1, false);
  EXPECT_DOUBLE_EQ(host.host_states, 13015864320.0 * 18);
  EXPECT_DOUBLE_EQ(host.host, 13015864320.0 * 18 * 1.5);
}

// A LoRA job offloads its adapters' states (16 B each) and, under ZeRO-3, its frozen base.
TEST(HostOffload, LoraOffloadsAdapterStatesAndTheFrozenBase) {
  EstimatorInput input = llama2_7b(Method::Lora, Precision::BF16);
  input.sharding = Sharding::Zero3;
  input.offload = Offload::Cpu;
  EXPECT_DOUBLE_EQ(estimate_host_offload(input, 1, 1, false).host_states, 19988480.0 * 18 + kLlama2_7B * 2);
  input.sharding = Sharding::Zero2;
  EXPECT_DOUBLE_EQ(estimate_host_offload(input, 1, 1, false).host_states, 19988480.0 * 16);
}

}  // namespace
}  // namespace gpuspec::facts
