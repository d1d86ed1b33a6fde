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
// parallelism; appends one derivation line per figure to `steps`.
TrainingStates estimate_training_states(const EstimatorInput& input, std::vector<std::string>& steps);

}  // namespace gpuspec::facts::detail
