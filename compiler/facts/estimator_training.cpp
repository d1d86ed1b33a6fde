// Model states of training: weights, gradients, optimizer. Unsharded figures follow
// EleutherAI Transformer Math 101; ZeRO/FSDP figures follow DeepSpeed's current
// estimators exactly (see estimator_formulas.h and docs/estimator.md).
#include <fmt/format.h>

#include "facts/estimator_detail.h"
#include "facts/estimator_formulas.h"

namespace gpuspec::facts::detail {
namespace {

using formulas::is_mixed_precision;
using formulas::optimizer_state_bytes;
using formulas::training_weight_bytes;

bool shards_optimizer(Sharding sharding) { return sharding != Sharding::None; }
bool shards_gradients(Sharding sharding) {
  return sharding == Sharding::Zero2 || sharding == Sharding::Zero3 || sharding == Sharding::Fsdp;
}
bool shards_weights(Sharding sharding) { return sharding == Sharding::Zero3 || sharding == Sharding::Fsdp; }

// "adapter params (rank 8 on q_proj, v_proj: 0.062%)", or the share alone when it
// was given or could not be counted.
std::string adapter_label(const EstimatorInput& input, double fraction) {
  if (input.trainable_fraction || !formulas::lora_adapter_params(input)) {
    return fmt::format("adapter params ({:.3g}%)", fraction * 100);
  }
  std::string targets;
  for (unsigned bit = 1; bit <= kAllLoraTargets; bit <<= 1) {
    if (!(input.lora_targets & bit)) continue;
    if (!targets.empty()) targets += ", ";
    targets += name(static_cast<LoraTarget>(bit));
  }
  return fmt::format("adapter params (rank {:g} on {}: {:.3g}%)", input.lora_rank, targets, fraction * 100);
}

// Parameters on one GPU (after tensor and pipeline parallelism), split by what they carry.
struct ParamGroups {
  double trainable = 0;     // weights + gradients + optimizer states
  double frozen = 0;        // weights only
  double frozen_bytes = 0;  // per frozen param
  std::string trainable_label;
  std::string frozen_label;
};

// The labels only with `labelled` (a derivation is written): figures alone need none.
// Tensor parallelism splits every matrix and pipeline parallelism the layers, so one
// GPU holds params / (t x p) of each group.
ParamGroups split_params(const EstimatorInput& input, bool labelled) {
  const double params = input.params / input.tensor_parallel / input.pipeline_parallel;
  const double fraction = formulas::trainable_fraction(input);
  ParamGroups groups{0, params, bytes_per_element(input.precision), "", labelled ? "params" : ""};
  switch (input.method) {
    case Method::Full:
      groups = {params, 0, 0, labelled ? "params" : "", ""};
      break;
    case Method::Freeze:
      groups = {params * fraction, params * (1 - fraction), training_weight_bytes(input.precision), "", ""};
      if (labelled) {
        groups.trainable_label = fmt::format("unfrozen params ({:.3g}%)", fraction * 100);
        groups.frozen_label = "frozen params";
      }
      break;
    case Method::Lora:
      groups = {params * fraction, params, bytes_per_element(input.precision), "", ""};
      if (labelled) {
        groups.trainable_label = adapter_label(input, fraction);
        groups.frozen_label = fmt::format("frozen {} base params", name(input.precision));
      }
      break;
    case Method::Qlora:
      // The base's average bytes: its linear layers quantized, embeddings and head in 16 bits.
      groups = {params * fraction, params, formulas::stored_weight_bytes(input) / input.params, "", ""};
      if (labelled) {
        groups.trainable_label = adapter_label(input, fraction);
        const double kept = formulas::unquantized_params(input);
        groups.frozen_label = fmt::format("frozen {} base params", input.precision == Precision::INT8 ? "int8" : "NF4");
        if (kept > 0) groups.frozen_label += fmt::format(" ({} of them embeddings and head in 16 bits)", format_count(kept));
      }
      break;
    case Method::Inference:
      break;
  }
  return groups;
}

// The largest single layer ZeRO-3 gathers whole (DeepSpeed's `largest_layer_params`).
std::optional<double> largest_layer(const EstimatorInput& input) {
  if (input.largest_layer_params) return *input.largest_layer_params / input.tensor_parallel;
  if (input.layers) return input.params / *input.layers / input.tensor_parallel;
  return std::nullopt;
}

// fp8/int8/int4 workloads train 16-bit weights (see training_weight_bytes).
std::string training_kind(Precision precision) {
  switch (precision) {
    case Precision::FP32:
    case Precision::TF32:
    case Precision::FP16:
    case Precision::BF16:
      return std::string{name(precision)};
    case Precision::FP8:
    case Precision::INT8:
    case Precision::INT4:
      break;
  }
  return "16-bit";
}

std::string times(double count, std::string_view what, double bytes, std::string_view kind) {
  if (kind.empty()) return fmt::format("{} {} x {:g} B", format_count(count), what, bytes);
  return fmt::format("{} {} x {:g} B {}", format_count(count), what, bytes, kind);
}

std::string over_gpus(const std::string& term, double gpus) {
  if (gpus <= 1) return term;
  return fmt::format("({}) / {:g} GPUs", term, gpus);
}

// Where each optimizer's state size is published (estimator_formulas.h).
std::string_view optimizer_source_label(Optimizer optimizer) {
  switch (optimizer) {
    case Optimizer::AdamW:
    case Optimizer::Adam:
      return kEleuther;
    case Optimizer::AdamW8bit:
      return "Dettmers et al. 2021, 8-bit optimizers; Hugging Face Model training anatomy";
    case Optimizer::Sgd:
      return "Hugging Face Model training anatomy (SGD with momentum: 1 state)";
    case Optimizer::Lion:
      return "Chen et al. 2023, Lion keeps only the momentum";
    case Optimizer::Adafactor:
      return "Shazeer & Stern 2018, Adafactor factored second moments";
  }
  return kEleuther;
}

// ZeRO-Offload (zero1/zero2) and ZeRO-Infinity (zero3/fsdp): the optimizer states,
// fp32 master and fp32 gradients live on the host; zero3 offloads the parameters
// too, leaving only the layer being computed. DeepSpeed's estimators with
// cpu_offload: zero2 gpu_mem = 2P (the 16-bit weights), zero3 with offloaded
// params gpu_mem = 4 x largest layer.
TrainingStates offloaded_states(const EstimatorInput& input, const ParamGroups& groups, double gathered_params,
                                double gathered_weight_bytes, double gathered_gradient_bytes,
                                std::vector<std::string>* steps) {
  TrainingStates states;
  if (shards_weights(input.sharding)) {
    states.weights = gathered_params * gathered_weight_bytes;
    states.gradients = gathered_params * gathered_gradient_bytes;
  } else {
    states.weights = groups.trainable * training_weight_bytes(input.precision) + groups.frozen * groups.frozen_bytes;
  }
  if (!steps) return states;
  const std::string where = fmt::format("offloaded to {}", name(input.offload));
  if (shards_weights(input.sharding)) {
    steps->push_back(fmt::format("weights: all {}; largest layer {} x {:g} B gathered = {} [{}]", where,
                                format_count(gathered_params), gathered_weight_bytes, format_bytes(states.weights),
                                kDeepSpeedOffload));
    steps->push_back(fmt::format("gradients: {}; largest layer {} x {:g} B = {} [{}]", where,
                                format_count(gathered_params), gathered_gradient_bytes, format_bytes(states.gradients),
                                kDeepSpeedOffload));
  } else {
    const double weight_bytes = training_weight_bytes(input.precision);
    std::string terms = times(groups.trainable, groups.trainable_label, weight_bytes, "");
    if (groups.frozen > 0) terms += " + " + times(groups.frozen, groups.frozen_label, groups.frozen_bytes, "");
    steps->push_back(fmt::format("weights: {} = {} [{}]", terms, format_bytes(states.weights), kDeepSpeedOffload));
    steps->push_back(fmt::format("gradients: {} (reduced into host buffers) = {} [{}]", where,
                                format_bytes(0), kDeepSpeedOffload));
  }
  steps->push_back(fmt::format("optimizer: fp32 master and {} states {} = {} [{}]", name(input.optimizer), where,
                              format_bytes(0), kDeepSpeedOffload));
  return states;
}

}  // namespace

TrainingStates estimate_training_states(const EstimatorInput& input, std::vector<std::string>* steps) {
  const ParamGroups groups = split_params(input, steps != nullptr);
  const Sharding sharding = input.sharding;
  const double gpus = shards_optimizer(sharding) ? input.data_parallel : 1;
  const double weight_bytes = training_weight_bytes(input.precision);
  const bool mixed = is_mixed_precision(input.precision);
  const bool zero3 = shards_weights(sharding);
  const std::string_view source = sharding == Sharding::None ? kEleuther
                                  : zero3                    ? kDeepSpeedZero3
                                                             : kDeepSpeedZero12;
  TrainingStates states;

  // The whole layer ZeRO-3 materialises for its forward/backward: 16-bit params and,
  // when trained, their 16-bit gradients (DeepSpeed: largest_layer_memory = 4 x L).
  const bool gathers_trainable = input.method == Method::Full || input.method == Method::Freeze;
  const double gathered_params = zero3 ? largest_layer(input).value_or(0) : 0;
  const double gathered_weight_bytes = gathers_trainable                 ? weight_bytes
                                       : input.method == Method::Qlora ? formulas::qlora_base_bytes_per_param(input.precision)
                                                                       : groups.frozen_bytes;
  const double gathered_gradient_bytes = gathers_trainable ? weight_bytes : 0;
  if (steps && zero3 && !largest_layer(input)) {
    steps->push_back(
        "largest layer unknown: the ZeRO-3 gather buffer (4 B x largest layer) is not included; "
        "give layers or largest_layer_params");
  }

  if (input.offload != Offload::None) {
    return offloaded_states(input, groups, gathered_params, gathered_weight_bytes, gathered_gradient_bytes, steps);
  }

  // Weights.
  states.weights = groups.trainable * weight_bytes;
  if (groups.frozen > 0) states.weights += groups.frozen * groups.frozen_bytes;
  if (zero3) states.weights /= gpus;
  if (gathered_params > 0) states.weights += gathered_params * gathered_weight_bytes;

  // Gradients: 16-bit gradients, plus DeepSpeed's fp32 gradient partition under ZeRO.
  // ZeRO-3's count (18 B/param) has no separate 16-bit partition: only the fp32 one.
  const double partition_bytes = shards_optimizer(sharding) && mixed ? formulas::kZeroFp32GradientBytes : 0;
  const double gradient_gpus = shards_gradients(sharding) ? gpus : 1;
  if (zero3) {
    const double bytes = mixed ? partition_bytes : weight_bytes;
    states.gradients = groups.trainable * bytes / gpus + gathered_params * gathered_gradient_bytes;
  } else {
    states.gradients = groups.trainable * weight_bytes / gradient_gpus + groups.trainable * partition_bytes / gpus;
  }

  // Optimizer: fp32 master copy (mixed precision only) + moments.
  const double master_bytes = mixed ? 4 : 0;
  const double moment_bytes = optimizer_state_bytes(input.optimizer, input.hidden);
  states.optimizer = groups.trainable * (master_bytes + moment_bytes) / gpus;

  // The derivation, only when asked for: the figures alone are what the remedies and
  // what-ifs need, many times per server (issue 12).
  if (!steps) return states;
  const std::string weight_kind = training_kind(input.precision);
  std::string weight_terms = times(groups.trainable, groups.trainable_label, weight_bytes, weight_kind);
  if (groups.frozen > 0) weight_terms += " + " + times(groups.frozen, groups.frozen_label, groups.frozen_bytes, "");
  if (zero3) weight_terms = over_gpus(weight_terms, gpus);
  if (gathered_params > 0) {
    weight_terms += fmt::format(" + largest layer {} x {:g} B gathered", format_count(gathered_params),
                                gathered_weight_bytes);
  }
  steps->push_back(fmt::format("weights: {} = {} [{}]", weight_terms, format_bytes(states.weights), source));

  std::string gradient_terms;
  if (zero3) {
    const double bytes = mixed ? partition_bytes : weight_bytes;
    gradient_terms = over_gpus(times(groups.trainable, groups.trainable_label, bytes, "fp32 partition"), gpus);
    if (gathered_params > 0 && gathered_gradient_bytes > 0) {
      gradient_terms += fmt::format(" + largest layer {} x {:g} B", format_count(gathered_params),
                                    gathered_gradient_bytes);
    }
  } else {
    gradient_terms = times(groups.trainable, groups.trainable_label, weight_bytes, weight_kind);
    gradient_terms = over_gpus(gradient_terms, gradient_gpus);
    if (partition_bytes > 0) {
      gradient_terms += " + " + over_gpus(times(groups.trainable, groups.trainable_label, partition_bytes,
                                                "fp32 partition"),
                                          gpus);
    }
  }
  steps->push_back(fmt::format("gradients: {} = {} [{}]", gradient_terms, format_bytes(states.gradients), source));

  std::string optimizer_terms =
      fmt::format("{} {} x ({:g} B fp32 master + {:.3g} B {} states)", format_count(groups.trainable),
                  groups.trainable_label, master_bytes, moment_bytes, name(input.optimizer));
  optimizer_terms = over_gpus(optimizer_terms, gpus);
  const std::string_view optimizer_source = optimizer_source_label(input.optimizer);
  const std::string sources =
      source == kEleuther ? std::string{optimizer_source} : fmt::format("{}; {}", optimizer_source, source);
  steps->push_back(fmt::format("optimizer: {} = {} [{}]", optimizer_terms, format_bytes(states.optimizer), sources));
  return states;
}

}  // namespace gpuspec::facts::detail
