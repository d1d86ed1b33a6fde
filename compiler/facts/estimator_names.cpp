// Spellings of the estimator's enums: one table per enum, read both ways, so a
// name and its parse can never disagree.
#include <array>
#include <utility>

#include "facts/estimator.h"

namespace gpuspec::facts {
namespace {

template <typename Enum, std::size_t N>
using NameTable = std::array<std::pair<Enum, std::string_view>, N>;

constexpr NameTable<Precision, 7> kPrecisions{{
    {Precision::FP32, "fp32"},
    {Precision::TF32, "tf32"},
    {Precision::FP16, "fp16"},
    {Precision::BF16, "bf16"},
    {Precision::FP8, "fp8"},
    {Precision::INT8, "int8"},
    {Precision::INT4, "int4"},
}};

constexpr NameTable<Method, 5> kMethods{{
    {Method::Full, "full"},
    {Method::Freeze, "freeze"},
    {Method::Lora, "lora"},
    {Method::Qlora, "qlora"},
    {Method::Inference, "inference"},
}};

constexpr NameTable<Sharding, 5> kShardings{{
    {Sharding::None, "none"},
    {Sharding::Zero1, "zero1"},
    {Sharding::Zero2, "zero2"},
    {Sharding::Zero3, "zero3"},
    {Sharding::Fsdp, "fsdp"},
}};

constexpr NameTable<Recompute, 3> kRecomputes{{
    {Recompute::None, "none"},
    {Recompute::Selective, "selective"},
    {Recompute::Full, "full"},
}};

constexpr NameTable<Optimizer, 6> kOptimizers{{
    {Optimizer::AdamW, "adamw"},
    {Optimizer::Adam, "adam"},
    {Optimizer::AdamW8bit, "adamw_8bit"},
    {Optimizer::Sgd, "sgd"},
    {Optimizer::Adafactor, "adafactor"},
    {Optimizer::Lion, "lion"},
}};

constexpr NameTable<Attention, 3> kAttentions{{
    {Attention::Sdpa, "sdpa"},
    {Attention::Flash2, "flash2"},
    {Attention::Eager, "eager"},
}};

constexpr NameTable<Offload, 3> kOffloads{{
    {Offload::None, "none"},
    {Offload::Cpu, "cpu"},
    {Offload::Nvme, "nvme"},
}};

// PEFT's module names for the projections of a Llama-style layer.
constexpr NameTable<LoraTarget, 7> kLoraTargets{{
    {LoraTarget::Q, "q_proj"},
    {LoraTarget::K, "k_proj"},
    {LoraTarget::V, "v_proj"},
    {LoraTarget::O, "o_proj"},
    {LoraTarget::Gate, "gate_proj"},
    {LoraTarget::Up, "up_proj"},
    {LoraTarget::Down, "down_proj"},
}};

template <typename Enum, std::size_t N>
std::optional<Enum> parse(const NameTable<Enum, N>& table, std::string_view text) {
  for (const auto& [value, spelling] : table) {
    if (spelling == text) return value;
  }
  return std::nullopt;
}

template <typename Enum, std::size_t N>
std::string_view spell(const NameTable<Enum, N>& table, Enum value) {
  for (const auto& [candidate, spelling] : table) {
    if (candidate == value) return spelling;
  }
  return "?";  // unreachable while every enumerator has a row
}

}  // namespace

std::optional<Precision> parse_precision(std::string_view text) { return parse(kPrecisions, text); }
std::optional<Method> parse_method(std::string_view text) { return parse(kMethods, text); }
std::optional<Sharding> parse_sharding(std::string_view text) { return parse(kShardings, text); }
std::optional<Recompute> parse_recompute(std::string_view text) { return parse(kRecomputes, text); }
std::optional<Optimizer> parse_optimizer(std::string_view text) { return parse(kOptimizers, text); }
std::optional<Attention> parse_attention(std::string_view text) { return parse(kAttentions, text); }
std::optional<Offload> parse_offload(std::string_view text) { return parse(kOffloads, text); }
std::optional<LoraTarget> parse_lora_target(std::string_view text) { return parse(kLoraTargets, text); }

std::string_view name(Precision precision) { return spell(kPrecisions, precision); }
std::string_view name(Method method) { return spell(kMethods, method); }
std::string_view name(Sharding sharding) { return spell(kShardings, sharding); }
std::string_view name(Recompute recompute) { return spell(kRecomputes, recompute); }
std::string_view name(Optimizer optimizer) { return spell(kOptimizers, optimizer); }
std::string_view name(Attention attention) { return spell(kAttentions, attention); }
std::string_view name(Offload offload) { return spell(kOffloads, offload); }
std::string_view name(LoraTarget target) { return spell(kLoraTargets, target); }

}  // namespace gpuspec::facts
