// The estimator's tests read as a reference list: every row is a published figure,
// its source, and the expectation written from the published number (never from the
// code under test). docs/estimator.md explains each source and the tolerances.
#include "facts/estimator.h"

#include <gtest/gtest.h>

#include <cmath>
#include <stdexcept>
#include <string>

#include "facts/estimator_formulas.h"

namespace gpuspec::facts {
namespace {

constexpr double kGB = 1e9;
constexpr double kGiB = 1024.0 * 1024.0 * 1024.0;

// Which figure of a MemoryEstimate a reference point is about.
enum class Figure { PerGpu, ModelStates, Activations };

double figure_of(const MemoryEstimate& estimate, Figure figure) {
  switch (figure) {
    case Figure::PerGpu:
      return estimate.per_gpu;
    case Figure::ModelStates:
      return estimate.weights + estimate.gradients + estimate.optimizer;
    case Figure::Activations:
      return estimate.activations;
  }
  return 0;
}

// Llama-2-7B as EleutherAI's activation example uses it: s=4096, h=4096, L=32, a=32, b=1,
// attention scores materialised (the paper's setting, before fused attention kernels).
EstimatorInput llama2_7b_activations(Recompute recompute) {
  return {.params = 7e9,
          .precision = Precision::BF16,
          .method = Method::Full,
          .recompute = recompute,
          .attention = Attention::Eager,
          .seq_len = 4096,
          .batch_size = 1,
          .layers = 32,
          .hidden = 4096,
          .heads = 32};
}

// DeepSpeed's documented example: P = 2851e6 (t5-3b), 8 GPUs, largest layer 32e6.
EstimatorInput deepspeed_example(Sharding sharding) {
  return {.params = 2851e6,
          .precision = Precision::FP16,
          .method = Method::Full,
          .sharding = sharding,
          .data_parallel = 8,
          .largest_layer_params = 32e6};
}

// ---------------------------------------------------------------------------------
// Published reference points with a precise expected value.

struct ReferencePoint {
  const char* id;      // test name
  const char* source;  // where the number is published
  EstimatorInput input;
  Figure figure;
  double expected_bytes;   // the published number, in bytes
  double tolerance_bytes;  // how far the published rounding allows us to be
};

void PrintTo(const ReferencePoint& point, std::ostream* out) { *out << point.id << " (" << point.source << ")"; }

class PublishedReference : public testing::TestWithParam<ReferencePoint> {};

TEST_P(PublishedReference, EstimateMatchesPublishedFigure) {
  const ReferencePoint& point = GetParam();
  const MemoryEstimate estimate = estimate_memory(point.input);
  EXPECT_NEAR(figure_of(estimate, point.figure), point.expected_bytes, point.tolerance_bytes) << point.source;
}

const ReferencePoint kPublishedReferences[] = {
    {"Eleuther_7B_fp16_inference_16_8GB", "EleutherAI Transformer Math 101: 7B fp16 = 14 GB x 1.2 = 16.8 GB",
     {.params = 7e9, .precision = Precision::FP16, .method = Method::Inference}, Figure::PerGpu, 16.8 * kGB, 1},
    {"Eleuther_7B_int8_inference_8_4GB", "EleutherAI Transformer Math 101: int8 1 B/param, 7 GB x 1.2 = 8.4 GB",
     {.params = 7e9, .precision = Precision::INT8, .method = Method::Inference}, Figure::PerGpu, 8.4 * kGB, 1},
    {"Eleuther_7B_mixed_AdamW_states_112GB",
     "EleutherAI Transformer Math 101: 2 weights + 2 gradients + 12 optimizer = 16 B/param, 7B -> 112 GB",
     {.params = 7e9, .precision = Precision::BF16, .method = Method::Full}, Figure::ModelStates, 112 * kGB, 1},
    {"Eleuther_7B_fp32_AdamW_states_112GB",
     "EleutherAI Transformer Math 101: fp32 4 weights + 4 gradients + 8 AdamW moments = 16 B/param",
     {.params = 7e9, .precision = Precision::FP32, .method = Method::Full}, Figure::ModelStates, 112 * kGB, 1},
    {"Korthikanti_Llama2_7B_no_recompute", "EleutherAI Transformer Math 101 (Korthikanti et al. 2022): 104,152,956,928 B",
     llama2_7b_activations(Recompute::None), Figure::Activations, 104'152'956'928.0, 0},
    {"Korthikanti_Llama2_7B_selective", "EleutherAI Transformer Math 101 (Korthikanti et al. 2022): 18,253,611,008 B",
     llama2_7b_activations(Recompute::Selective), Figure::Activations, 18'253'611'008.0, 0},
    {"Korthikanti_Llama2_7B_full_recompute", "EleutherAI Transformer Math 101 (Korthikanti et al. 2022): 1,073,741,824 B",
     llama2_7b_activations(Recompute::Full), Figure::Activations, 1'073'741'824.0, 0},
    // DeepSpeed's estimators count model states only (no activations, no CUDA context).
    {"DeepSpeed_ZeRO3_2851M_8GPU_6_09GiB", "DeepSpeed memory docs/estimate_zero3_model_states_mem_needs: 6.09 GiB per GPU",
     deepspeed_example(Sharding::Zero3), Figure::ModelStates, 6.09 * kGiB, 0.005 * kGiB},
    {"DeepSpeed_ZeRO2_2851M_8GPU_11_28GiB", "DeepSpeed estimate_zero2_model_states_mem_needs (current code): 11.28 GiB",
     deepspeed_example(Sharding::Zero2), Figure::ModelStates, 11.28 * kGiB, 0.005 * kGiB},
    {"DeepSpeed_ZeRO2_offload_2851M_2P", "DeepSpeed estimate_zero2_model_states_mem_needs, cpu_offload: gpu_mem = 2P",
     [] {
       EstimatorInput input = deepspeed_example(Sharding::Zero2);
       input.offload = Offload::Cpu;
       return input;
     }(),
     Figure::ModelStates, 2 * 2851e6, 1},
    {"DeepSpeed_ZeRO3_offload_params_4L", "DeepSpeed estimate_zero3_model_states_mem_needs, offload params: 4 x largest layer",
     [] {
       EstimatorInput input = deepspeed_example(Sharding::Zero3);
       input.offload = Offload::Nvme;
       return input;
     }(),
     Figure::ModelStates, 4 * 32e6, 1},
};

INSTANTIATE_TEST_SUITE_P(References, PublishedReference, testing::ValuesIn(kPublishedReferences),
                         [](const auto& info) { return std::string{info.param.id}; });

// LLaMA-Factory's tables and the QLoRA paper's 65B-on-48GB case are in
// estimator_calibration_test.cpp (docs/estimator.md, "Calibration").

// The per-GPU figure computed without the derivation is the full estimate's, for
// sharded and unsharded jobs over many GPU counts, asked twice.
TEST(EstimatePerGpu, MatchesTheFullEstimate) {
  for (int round = 0; round < 2; ++round) {
    for (int gpus = 1; gpus <= 100; ++gpus) {
      EstimatorInput input;
      input.params = 7e9;
      input.sharding = gpus % 2 ? Sharding::Zero3 : Sharding::None;
      input.data_parallel = gpus;
      EXPECT_EQ(estimate_per_gpu(input), estimate_memory(input).per_gpu) << gpus;
    }
  }
  EstimatorInput invalid;
  EXPECT_THROW(estimate_per_gpu(invalid), std::invalid_argument);  // params = 0
}

// ---------------------------------------------------------------------------------
// Formula checks: each expectation is the formula of docs/estimator.md worked by hand.

struct FormulaCase {
  const char* id;
  const char* formula;
  EstimatorInput input;
  Figure figure;
  double expected_bytes;
};

void PrintTo(const FormulaCase& formula, std::ostream* out) { *out << formula.id; }

class FormulaCheck : public testing::TestWithParam<FormulaCase> {};

TEST_P(FormulaCheck, EstimateEqualsHandWorkedFormula) {
  const FormulaCase& formula = GetParam();
  const double actual = figure_of(estimate_memory(formula.input), formula.figure);
  EXPECT_NEAR(actual, formula.expected_bytes, 1e-9 * formula.expected_bytes) << formula.formula;
}

EstimatorInput with_sharding(Sharding sharding, int gpus) {
  EstimatorInput input = deepspeed_example(sharding);
  input.data_parallel = gpus;
  return input;
}

const FormulaCase kFormulaCases[] = {
    // 2P + 2P 16-bit weights and gradients stay whole, 16P/N (fp32 gradient partition
    // + master + moments) sharded; equals DeepSpeed's pre-2024 ZeRO-2 figure 15.93 GiB.
    {"ZeRO1_4P_plus_16P_over_N", "4P + 16P/N", with_sharding(Sharding::Zero1, 8), Figure::ModelStates,
     4 * 2851e6 + 16 * 2851e6 / 8},
    {"FSDP_full_shard_equals_ZeRO3", "4L + 18P/N", with_sharding(Sharding::Fsdp, 8), Figure::ModelStates,
     4 * 32e6 + 18 * 2851e6 / 8},
    {"ZeRO3_on_64_GPUs", "4L + 18P/N", with_sharding(Sharding::Zero3, 64), Figure::ModelStates,
     4 * 32e6 + 18 * 2851e6 / 64},
    {"Unsharded_ignores_data_parallel", "16P", with_sharding(Sharding::None, 8), Figure::ModelStates, 16 * 2851e6},
    {"Tensor_parallel_4_quarters_states", "16P/t",
     {.params = 7e9, .precision = Precision::BF16, .method = Method::Full, .tensor_parallel = 4}, Figure::ModelStates,
     16 * 7e9 / 4},
    {"SGD_momentum_12B_per_param", "2 + 2 + 4 master + 4 momentum",
     {.params = 1e9, .precision = Precision::BF16, .method = Method::Full, .optimizer = Optimizer::Sgd},
     Figure::ModelStates, 12e9},
    {"AdamW_8bit_10B_per_param", "2 + 2 + 4 master + 2 (bitsandbytes 8-bit m, v)",
     {.params = 1e9, .precision = Precision::BF16, .method = Method::Full, .optimizer = Optimizer::AdamW8bit},
     Figure::ModelStates, 10e9},
    {"Lion_12B_per_param", "2 + 2 + 4 master + 4 momentum (Lion keeps one state)",
     {.params = 1e9, .precision = Precision::BF16, .method = Method::Full, .optimizer = Optimizer::Lion},
     Figure::ModelStates, 12e9},
    {"Adafactor_factored_8_over_h", "2 + 2 + 4 master + 4(h + h)/(h*h) with h = 4096",
     {.params = 1e9, .precision = Precision::BF16, .method = Method::Full, .optimizer = Optimizer::Adafactor,
      .hidden = 4096},
     Figure::ModelStates, 1e9 * (8 + 8.0 / 4096)},
    {"ZeRO3_offload_LoRA_base_offloaded_too", "4 x largest layer -> frozen base 2 B + no adapter gradients",
     {.params = 7e9, .precision = Precision::BF16, .method = Method::Lora, .sharding = Sharding::Zero3,
      .data_parallel = 8, .offload = Offload::Cpu, .layers = 32},
     Figure::ModelStates, 7e9 / 32 * 2},
    // Without hidden and layers the adapters cannot be counted: 1% of params.
    {"LoRA_unknown_shape_1pct_adapters", "2P frozen + 0.01P x 16",
     {.params = 7e9, .precision = Precision::BF16, .method = Method::Lora}, Figure::ModelStates,
     2 * 7e9 + 0.01 * 7e9 * 16},
    {"QLoRA_NF4_double_quant", "P x (4 + 8/64 + 32/(64*256))/8 + 0.01P x 16",
     {.params = 7e9, .precision = Precision::INT4, .method = Method::Qlora}, Figure::ModelStates,
     7e9 * (4 + 8.0 / 64 + 32.0 / (64 * 256)) / 8 + 0.01 * 7e9 * 16},
    {"Freeze_last_2_of_32_layers", "2P frozen + 2/32 P x (16 - 2)",
     {.params = 7e9, .precision = Precision::BF16, .method = Method::Freeze, .layers = 32}, Figure::ModelStates,
     2 * 7e9 + 2.0 / 32 * 7e9 * 14},
    {"fp32_activations_double", "2 x 2*s*b*h*L",
     {.params = 7e9, .precision = Precision::FP32, .method = Method::Full, .recompute = Recompute::Full,
      .seq_len = 4096, .batch_size = 1, .layers = 32, .hidden = 4096},
     Figure::Activations, 2 * 2 * 4096.0 * 4096 * 32},
    {"Activations_tensor_parallel_2", "s*b*h*L*(10 + 24/2 + 5*a*s/(h*2))",
     {.params = 7e9, .precision = Precision::BF16, .method = Method::Full, .tensor_parallel = 2,
      .attention = Attention::Eager, .seq_len = 4096, .batch_size = 1, .layers = 32, .hidden = 4096, .heads = 32},
     Figure::Activations, 4096.0 * 4096 * 32 * (10 + 12 + 80)},
    // Fused attention (SDPA, FlashAttention) stores no score matrix: the 5as/h term goes.
    {"Activations_sdpa_drop_the_score_term", "s*b*h*L*(10 + 24)",
     {.params = 7e9, .precision = Precision::BF16, .method = Method::Full, .seq_len = 4096, .batch_size = 1,
      .layers = 32, .hidden = 4096, .heads = 32},
     Figure::Activations, 4096.0 * 4096 * 32 * 34},
    // Full recompute keeps 2sbhL, brings one layer (34sbh with SDPA) back at a time, and
    // the loss holds 12sbV bytes (fp32 logits, their shifted copy, the saved log-softmax);
    // every training process holds its CUDA context.
    {"Workspace_and_context_on_top_of_states", "16P + 2sbhL + 34sbh + 12sbV + 1343 MiB",
     {.params = 1e9, .precision = Precision::BF16, .method = Method::Full, .recompute = Recompute::Full,
      .seq_len = 2048, .batch_size = 1, .layers = 16, .hidden = 2048, .heads = 16, .vocab = 32000},
     Figure::PerGpu,
     16e9 + 2 * 2048.0 * 2048 * 16 + 34 * 2048.0 * 2048 + 12 * 2048.0 * 32000 + 1343.0 * 1024 * 1024},
    // Llama-2-7B fp16 KV cache: 2 x 32 layers x 4096 x 2 B = 0.5 MiB per token.
    {"KV_cache_Llama2_7B_half_MiB_per_token", "1.2 x 2P + 4096 tokens x 0.5 MiB",
     {.params = 7e9, .precision = Precision::FP16, .method = Method::Inference, .seq_len = 4096, .batch_size = 1,
      .layers = 32, .hidden = 4096},
     Figure::PerGpu, 1.2 * 14e9 + 4096 * 0.5 * 1024 * 1024},
    // Llama-2-70B grouped-query attention, 8 KV heads of 64: 320 KiB per token.
    {"KV_cache_Llama2_70B_GQA_320KiB_per_token", "1.2 x 2P + 1000 tokens x 320 KiB",
     {.params = 70e9, .precision = Precision::BF16, .method = Method::Inference, .seq_len = 1000, .batch_size = 1,
      .layers = 80, .hidden = 8192, .heads = 64, .kv_heads = 8},
     Figure::PerGpu, 1.2 * 140e9 + 1000 * 320 * 1024},
};

INSTANTIATE_TEST_SUITE_P(Formulas, FormulaCheck, testing::ValuesIn(kFormulaCases),
                         [](const auto& info) { return std::string{info.param.id}; });

// ---------------------------------------------------------------------------------
// Host memory of offload (estimator_offload.cpp).

// DeepSpeed's memory docs (docs/code-docs/source/memory.rst), the _all_cold estimators for
// P = 2851M, largest layer 32M, 1 node of 8 GPUs: ZeRO-3 with offload_param and
// offload_optimizer on the CPU, zero_init, "71.69GB" per CPU (GiB: 2851e6 x 18 x 1.5);
// ZeRO-2 with offload_optimizer = cpu, "127.45GB" (2851e6 x max(4 x 8, 16) x 1.5).
EstimatorInput deepspeed_offload(Sharding sharding) {
  EstimatorInput input = deepspeed_example(sharding);
  input.offload = Offload::Cpu;
  return input;
}

TEST(HostOffload, DeepSpeedZero3OffloadIs71_69GiBPerNode) {
  EXPECT_NEAR(estimate_host_offload(deepspeed_offload(Sharding::Zero3), 8, 1, false).host, 71.69 * kGiB, 0.005 * kGiB);
}

TEST(HostOffload, DeepSpeedZero2OffloadIs127_45GiBPerNode) {
  EXPECT_NEAR(estimate_host_offload(deepspeed_offload(Sharding::Zero2), 8, 1, false).host, 127.45 * kGiB, 0.005 * kGiB);
}

// ZeRO-3 divides the offloaded states over the nodes (DeepSpeed's gpus_factor = 1/nodes);
// the states alone leave out the 1.5 buffer factor.
TEST(HostOffload, Zero3StatesDivideOverNodes) {
  const HostOffload host = estimate_host_offload(deepspeed_offload(Sharding::Zero3), 8, 4, true);
  EXPECT_DOUBLE_EQ(host.host_states, 2851e6 * 18 / 4);
  EXPECT_DOUBLE_EQ(host.host, 2851e6 * 18 / 4 * 1.5);
  EXPECT_EQ(host.nvme, 0);
  ASSERT_EQ(host.steps.size(), 2u);
  EXPECT_NE(host.steps[0].find("[DeepSpeed"), std::string::npos) << host.steps[0];
}

// NVMe: the states go to the drive; the host keeps the pinned swap buffers of each GPU
// process: 4 fp32 buffers of min(1e9, partition) elements and 5 x 1e8 16-bit parameters.
TEST(HostOffload, NvmeKeepsStatesOnTheDriveAndSwapBuffersInMemory) {
  EstimatorInput input = deepspeed_offload(Sharding::Zero3);
  input.offload = Offload::Nvme;
  const HostOffload host = estimate_host_offload(input, 8, 1, false);
  EXPECT_DOUBLE_EQ(host.nvme, 2851e6 * 18);
  EXPECT_DOUBLE_EQ(host.host, (4 * (2851e6 / 8) * 4 + 5 * 1e8 * 2) * 8);
  EXPECT_DOUBLE_EQ(host.host_states, host.host);
}

TEST(HostOffload, NothingWithoutOffload) {
  EstimatorInput input = deepspeed_offload(Sharding::Zero3);
  input.offload = Offload::None;
  const HostOffload host = estimate_host_offload(input, 8, 1, false);
  EXPECT_EQ(host.host + host.host_states + host.nvme, 0);
}

// ---------------------------------------------------------------------------------
// Invariants of every estimate.

TEST(EstimateInvariants, ComponentsAddUpAndTotalCountsEveryGpu) {
  EstimatorInput input = llama2_7b_activations(Recompute::Selective);
  input.sharding = Sharding::Zero2;
  input.data_parallel = 4;
  input.tensor_parallel = 2;
  const MemoryEstimate estimate = estimate_memory(input);
  EXPECT_DOUBLE_EQ(estimate.per_gpu, estimate.weights + estimate.gradients + estimate.optimizer +
                                         estimate.activations + estimate.workspace + estimate.kv_cache +
                                         estimate.overhead);
  EXPECT_DOUBLE_EQ(estimate.total, estimate.per_gpu * 8);
  EXPECT_TRUE(estimate.shape_terms_included);
}

TEST(EstimateInvariants, EveryFigureLineCitesItsSource) {
  const MemoryEstimate estimate = estimate_memory(llama2_7b_activations(Recompute::None));
  int figure_lines = 0;
  for (const std::string& step : estimate.steps) {
    for (const char* figure : {"weights:", "gradients:", "optimizer:", "activations"}) {
      if (step.starts_with(figure)) {
        ++figure_lines;
        EXPECT_NE(step.find(" ["), std::string::npos) << step;
        EXPECT_TRUE(step.ends_with("]")) << step;
      }
    }
  }
  EXPECT_EQ(figure_lines, 4);
}

// The frugal bound: weights + trainable states + activations with full recompute,
// and only for a declared sequence length.
TEST(FrugalBound, StatesPlusFullRecomputeActivationsOnly) {
  EstimatorInput input = llama2_7b_activations(Recompute::None);
  input.vocab = 32000;
  const MemoryEstimate estimate = estimate_memory(input);
  EXPECT_DOUBLE_EQ(estimate.frugal_per_gpu, 16 * 7e9 + 2 * 4096.0 * 4096 * 32);
  EXPECT_GT(estimate.per_gpu, estimate.frugal_per_gpu);
}

TEST(FrugalBound, DefaultSequenceLengthIsLeftOut) {
  EstimatorInput input = llama2_7b_activations(Recompute::Full);
  input.seq_len_is_default = true;
  EXPECT_DOUBLE_EQ(estimate_memory(input).frugal_per_gpu, 16 * 7e9);
}

TEST(FrugalBound, InferenceIsWeightsAndDeclaredKvCache) {
  const EstimatorInput input{.params = 7e9, .precision = Precision::FP16, .method = Method::Inference,
                             .seq_len = 4096, .batch_size = 1, .layers = 32, .hidden = 4096};
  const MemoryEstimate estimate = estimate_memory(input);
  EXPECT_DOUBLE_EQ(estimate.frugal_per_gpu, 14e9 + 4096 * 0.5 * 1024 * 1024);
  EXPECT_EQ(estimate.gradients + estimate.optimizer + estimate.activations + estimate.workspace, 0);
}

TEST(EstimateInvariants, UnknownShapeIsReportedAsLowerBound) {
  const MemoryEstimate estimate =
      estimate_memory({.params = 7e9, .precision = Precision::BF16, .method = Method::Full, .seq_len = 4096});
  EXPECT_FALSE(estimate.shape_terms_included);
  EXPECT_EQ(estimate.activations, 0);
  EXPECT_NE(estimate.steps.back().find("total"), std::string::npos);
}

// ---------------------------------------------------------------------------------
// Input validation: each row must be rejected, and estimate_memory must throw.

struct InvalidInput {
  const char* id;
  EstimatorInput input;
  const char* problem_mentions;
};

void PrintTo(const InvalidInput& invalid, std::ostream* out) { *out << invalid.id; }

class RejectsInvalidInput : public testing::TestWithParam<InvalidInput> {};

TEST_P(RejectsInvalidInput, ValidateReportsAndEstimateThrows) {
  const InvalidInput& invalid = GetParam();
  const std::vector<std::string> problems = validate_input(invalid.input);
  ASSERT_EQ(problems.size(), 1u);
  EXPECT_NE(problems.front().find(invalid.problem_mentions), std::string::npos) << problems.front();
  EXPECT_THROW(estimate_memory(invalid.input), std::invalid_argument);
}

const InvalidInput kInvalidInputs[] = {
    {"ZeroParams", {.params = 0}, "params"},
    {"NaNParams", {.params = std::nan("")}, "params"},
    {"ZeroDataParallel", {.params = 7e9, .data_parallel = 0}, "data_parallel"},
    {"ZeroTensorParallel", {.params = 7e9, .tensor_parallel = 0}, "tensor_parallel"},
    {"ZeroPipelineParallel", {.params = 7e9, .pipeline_parallel = 0}, "pipeline_parallel"},
    {"ZeroLoraRank", {.params = 7e9, .method = Method::Lora, .lora_rank = 0}, "lora rank"},
    {"NoLoraTargets", {.params = 7e9, .method = Method::Lora, .lora_targets = 0}, "lora targets"},
    {"ZeroIntermediate", {.params = 7e9, .intermediate = 0}, "intermediate"},
    {"NegativeSeqLen", {.params = 7e9, .seq_len = -1}, "seq_len"},
    {"MoreKvHeadsThanHeads", {.params = 7e9, .heads = 8, .kv_heads = 16}, "kv_heads"},
    {"LayerLargerThanModel", {.params = 7e9, .largest_layer_params = 8e9}, "largest_layer_params"},
    {"FractionAboveOne", {.params = 7e9, .method = Method::Lora, .trainable_fraction = 1.5}, "trainable_fraction"},
    {"FractionZero", {.params = 7e9, .method = Method::Lora, .trainable_fraction = 0}, "trainable_fraction"},
    {"OffloadWithoutSharding", {.params = 7e9, .offload = Offload::Cpu}, "offload"},
};

INSTANTIATE_TEST_SUITE_P(Validation, RejectsInvalidInput, testing::ValuesIn(kInvalidInputs),
                         [](const auto& info) { return std::string{info.param.id}; });

TEST(Validation, DefaultSevenBillionInputIsValid) { EXPECT_TRUE(validate_input({.params = 7e9}).empty()); }

// ---------------------------------------------------------------------------------
// Spellings are the language's symbols and round-trip.

TEST(Names, EveryEnumeratorRoundTrips) {
  for (auto value : {Precision::FP32, Precision::TF32, Precision::FP16, Precision::BF16, Precision::FP8,
                     Precision::INT8, Precision::INT4}) {
    EXPECT_EQ(parse_precision(name(value)), value);
  }
  for (auto value : {Method::Full, Method::Freeze, Method::Lora, Method::Qlora, Method::Inference}) {
    EXPECT_EQ(parse_method(name(value)), value);
  }
  for (auto value : {Sharding::None, Sharding::Zero1, Sharding::Zero2, Sharding::Zero3, Sharding::Fsdp}) {
    EXPECT_EQ(parse_sharding(name(value)), value);
  }
  for (auto value : {Recompute::None, Recompute::Selective, Recompute::Full}) {
    EXPECT_EQ(parse_recompute(name(value)), value);
  }
  for (auto value : {Optimizer::AdamW, Optimizer::Adam, Optimizer::AdamW8bit, Optimizer::Sgd, Optimizer::Adafactor,
                     Optimizer::Lion}) {
    EXPECT_EQ(parse_optimizer(name(value)), value);
  }
  for (auto value : {Attention::Sdpa, Attention::Flash2, Attention::Eager}) {
    EXPECT_EQ(parse_attention(name(value)), value);
  }
  for (auto value : {Offload::None, Offload::Cpu, Offload::Nvme}) {
    EXPECT_EQ(parse_offload(name(value)), value);
  }
  for (unsigned bit = 1; bit <= kAllLoraTargets; bit <<= 1) {
    EXPECT_EQ(parse_lora_target(name(static_cast<LoraTarget>(bit))), static_cast<LoraTarget>(bit));
  }
}

TEST(Names, LanguageSpellingsParse) {
  EXPECT_EQ(parse_precision("bf16"), Precision::BF16);
  EXPECT_EQ(parse_method("qlora"), Method::Qlora);
  EXPECT_EQ(parse_sharding("zero3"), Sharding::Zero3);
  EXPECT_EQ(parse_optimizer("adamw"), Optimizer::AdamW);
  EXPECT_EQ(parse_recompute("selective"), Recompute::Selective);
  EXPECT_EQ(parse_attention("flash2"), Attention::Flash2);
  EXPECT_EQ(parse_lora_target("gate_proj"), LoraTarget::Gate);
}

TEST(Names, UnknownSpellingsAreRejected) {
  EXPECT_FALSE(parse_precision("fp64"));
  EXPECT_FALSE(parse_precision("BF16"));  // symbols are lowercase in the language
  EXPECT_FALSE(parse_method("dpo"));
  EXPECT_FALSE(parse_sharding("zero4"));
  EXPECT_FALSE(parse_recompute(""));
  EXPECT_FALSE(parse_optimizer("sophia"));
  EXPECT_FALSE(parse_attention("flash_attention_2"));
  EXPECT_FALSE(parse_attention("flash"));  // the spelling is flash2 (FlashAttention-2)
  EXPECT_FALSE(parse_lora_target("all"));  // `all` is the language's whole set, not one target
  EXPECT_FALSE(parse_offload("ram"));
}

TEST(BytesPerElement, MatchesStorageFormats) {
  EXPECT_EQ(bytes_per_element(Precision::FP32), 4);
  EXPECT_EQ(bytes_per_element(Precision::TF32), 4);
  EXPECT_EQ(bytes_per_element(Precision::FP16), 2);
  EXPECT_EQ(bytes_per_element(Precision::BF16), 2);
  EXPECT_EQ(bytes_per_element(Precision::FP8), 1);
  EXPECT_EQ(bytes_per_element(Precision::INT8), 1);
  EXPECT_EQ(bytes_per_element(Precision::INT4), 0.5);
}

// QLoRA §2: double quantization brings the constants to 0.127 bits per parameter.
TEST(QloraPaper, DoubleQuantizedNf4IsAbout4Point127Bits) {
  EXPECT_NEAR(formulas::qlora_base_bytes_per_param(Precision::INT4) * 8, 4.127, 0.0005);
}

}  // namespace
}  // namespace gpuspec::facts
