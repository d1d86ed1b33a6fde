// Internals shared by the estimator's source files; not part of the public API.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "facts/estimator.h"

namespace gpuspec::facts::detail {

// Source labels cited by derivation lines (docs/estimator.md expands each one).
inline constexpr std::string_view kEleuther = "EleutherAI Transformer Math 101";
inline constexpr std::string_view kSeed = "002 §7";
inline constexpr std::string_view kKorthikanti = "Korthikanti et al. 2022, via EleutherAI Transformer Math 101";
inline constexpr std::string_view kDeepSpeedZero12 = "DeepSpeed estimate_zero2_model_states_mem_needs";
inline constexpr std::string_view kDeepSpeedZero3 = "DeepSpeed estimate_zero3_model_states_mem_needs";
inline constexpr std::string_view kQlora = "QLoRA, Dettmers et al. 2023, §2 NF4 + double quantization";
inline constexpr std::string_view kLlamaFactory = "LLaMA-Factory freeze_trainable_layers = 2";
inline constexpr std::string_view kDeepSpeedOffload =
    "DeepSpeed estimate_zero2/zero3_model_states_mem_needs with cpu_offload";
inline constexpr std::string_view kDeepSpeedSwap =
    "DeepSpeed offload_config.py defaults: optimizer swap buffer_count 4, param buffer_count 5 x buffer_size 1e8; "
    "zero/config.py sub_group_size 1e9";
inline constexpr std::string_view kHfAnatomy = "Hugging Face Model training anatomy: kernels take 1-2 GB, 1343 MB measured";
inline constexpr std::string_view kLogits =
    "Transformers LlamaForCausalLM loss: fp32 logits + shifted copy + log-softmax; Wijmans et al. 2024";
inline constexpr std::string_view kCheckpointing = "Chen et al. 2016: checkpointing recomputes one layer at a time";

// "14.00 GB (13.04 GiB)": decimal GB first, as datasheets print VRAM.
std::string format_bytes(double bytes);
// "7B", "2.851B", "32M", "4096".
std::string format_count(double count);

// Weights, gradients and optimizer states of a training method on one GPU.
struct TrainingStates {
  double weights = 0;
  double gradients = 0;
  double optimizer = 0;
};

// Model states for Full/Freeze/Lora/Qlora under the input's sharding and tensor
// parallelism; appends one derivation line per figure to `steps` unless it is null.
TrainingStates estimate_training_states(const EstimatorInput& input, std::vector<std::string>* steps);

// What training keeps besides the model states (estimator_activations.cpp).
struct TrainingExtras {
  double activations = 0;         // saved for the backward pass, under the input's recompute
  double frugal_activations = 0;  // the same with full recompute; 0 when seq_len is a default
  double workspace = 0;           // the layer being recomputed + the fp32 logits
  double overhead = 0;            // CUDA context and kernels
  bool shape_known = false;       // activations could be computed
};
// Appends its derivation lines to `steps` unless it is null.
TrainingExtras estimate_training_extras(const EstimatorInput& input, std::vector<std::string>* steps);

}  // namespace gpuspec::facts::detail
