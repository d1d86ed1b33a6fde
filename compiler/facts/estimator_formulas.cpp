// Each function implements one published figure; sources are in estimator_formulas.h.
#include "facts/estimator_formulas.h"

#include <algorithm>
#include <utility>

namespace gpuspec::facts {

double bytes_per_element(Precision precision) {
  switch (precision) {
    case Precision::FP32:
    case Precision::TF32:  // TF32 is a tensor-core compute mode; tensors are stored as fp32
      return 4;
    case Precision::FP16:
    case Precision::BF16:
      return 2;
    case Precision::FP8:
    case Precision::INT8:
      return 1;
    case Precision::INT4:
      return 0.5;
  }
  return 4;
}

namespace formulas {

double training_weight_bytes(Precision precision) {
  switch (precision) {
    case Precision::FP32:
    case Precision::TF32:
      return 4;
    case Precision::FP16:
    case Precision::BF16:
    case Precision::FP8:
    case Precision::INT8:
    case Precision::INT4:
      return 2;
  }
  return 4;
}

bool is_mixed_precision(Precision precision) { return training_weight_bytes(precision) < 4; }

double optimizer_state_bytes(Optimizer optimizer, std::optional<double> hidden) {
  switch (optimizer) {
    case Optimizer::AdamW:
    case Optimizer::Adam:
      return 8;
    case Optimizer::AdamW8bit:
      return 2;
    case Optimizer::Sgd:
    case Optimizer::Lion:
      return 4;
    case Optimizer::Adafactor:
      return hidden ? 8 / *hidden : 0;
  }
  return 8;
}

double logits_bytes(double seq_len, double batch, double vocab, int tensor_parallel) {
  return kLossBytesPerLogit * seq_len * batch * vocab / tensor_parallel;
}

std::optional<double> lora_adapter_params(const EstimatorInput& input) {
  if (!input.hidden || !input.layers) return std::nullopt;
  const double h = *input.hidden;
  const double kv = input.kv_heads && input.heads ? h * *input.kv_heads / *input.heads : h;
  const double mlp = input.intermediate.value_or(4 * h);
  const std::pair<LoraTarget, double> sides[] = {
      {LoraTarget::Q, h + h},     {LoraTarget::K, h + kv},     {LoraTarget::V, h + kv},    {LoraTarget::O, h + h},
      {LoraTarget::Gate, h + mlp}, {LoraTarget::Up, h + mlp}, {LoraTarget::Down, mlp + h}};
  double per_rank = 0;
  for (const auto& [target, width] : sides) {
    if (input.lora_targets & static_cast<unsigned>(target)) per_rank += width;
  }
  return input.lora_rank * per_rank * *input.layers;
}

double unquantized_params(const EstimatorInput& input) {
  if (!input.vocab || !input.hidden) return 0;
  return std::min(input.params, 2 * *input.vocab * *input.hidden);
}

double qlora_base_bytes_per_param(Precision precision) {
  if (precision == Precision::INT8) return 1;
  constexpr double kNf4Bits = 4;
  constexpr double kDoubleQuantConstantBits = 8.0 / 64 + 32.0 / (64 * 256);
  return (kNf4Bits + kDoubleQuantConstantBits) / 8;
}

double kv_cache_bytes_per_element(Precision precision) {
  switch (precision) {
    case Precision::INT8:
    case Precision::INT4:
      return 2;
    default:
      return bytes_per_element(precision);
  }
}

bool activations_need_heads(Recompute recompute, Attention attention) {
  return recompute == Recompute::None && attention == Attention::Eager;
}

double activation_bytes(double seq_len, double batch, double hidden, double layers, double heads,
                        int tensor_parallel, Recompute recompute, Attention attention) {
  const double sbhl = seq_len * batch * hidden * layers;
  const double t = tensor_parallel;
  switch (recompute) {
    case Recompute::None:
      if (attention != Attention::Eager) return sbhl * (10 + 24 / t);
      return sbhl * (10 + 24 / t + 5 * heads * seq_len / (hidden * t));
    case Recompute::Selective:
      return sbhl * (10 + 24 / t);
    case Recompute::Full:
      return 2 * sbhl;
  }
  return 0;
}

double activation_precision_scale(Precision precision) {
  return training_weight_bytes(precision) / 2;
}

double kv_cache_bytes(double layers, double hidden, double seq_len, double batch,
                      double bytes_per_element, double kv_head_share) {
  return 2 * layers * hidden * seq_len * batch * bytes_per_element * kv_head_share;
}

double trainable_fraction(const EstimatorInput& input) {
  if (input.trainable_fraction) return *input.trainable_fraction;
  if (input.method == Method::Lora || input.method == Method::Qlora) {
    if (auto adapters = lora_adapter_params(input)) return std::min(1.0, *adapters / input.params);
  }
  return default_trainable_fraction(input.method, input.layers);
}

double stored_weight_bytes(const EstimatorInput& input) {
  if (input.method != Method::Qlora) return input.params * bytes_per_element(input.precision);
  const double kept = unquantized_params(input);
  return (input.params - kept) * qlora_base_bytes_per_param(input.precision) + kept * 2;
}

double default_trainable_fraction(Method method, std::optional<double> layers) {
  switch (method) {
    case Method::Full:
      return 1;
    case Method::Freeze:
      return std::min(1.0, kDefaultFreezeTrainableLayers / layers.value_or(kDefaultFreezeAssumedLayers));
    case Method::Lora:
    case Method::Qlora:
      return kDefaultAdapterFraction;
    case Method::Inference:
      return 0;
  }
  return 1;
}

}  // namespace formulas
}  // namespace gpuspec::facts
