// estimate_memory: validates the input, then adds up the published per-component
// formulas (estimator_formulas.h) and records one derivation line per figure.
#include "facts/estimator.h"

#include <fmt/format.h>

#include <cmath>
#include <stdexcept>
#include <utility>

#include "facts/estimator_detail.h"
#include "facts/estimator_formulas.h"

namespace gpuspec::facts {
namespace detail {

std::string format_bytes(double bytes) {
  return fmt::format("{:.2f} GB ({:.2f} GiB)", bytes / 1e9, bytes / (1024.0 * 1024.0 * 1024.0));
}

std::string format_count(double count) {
  if (count >= 1e9) return fmt::format("{:.4g}B", count / 1e9);
  if (count >= 1e6) return fmt::format("{:.4g}M", count / 1e6);
  return fmt::format("{:.6g}", count);
}

}  // namespace detail

namespace {

using detail::format_bytes;
using detail::format_count;

void require_positive(std::vector<std::string>& problems, std::string_view field, std::optional<double> value) {
  if (value && !(std::isfinite(*value) && *value > 0)) {
    problems.push_back(fmt::format("{} must be a positive number, got {:g}", field, *value));
  }
}

std::string describe(const EstimatorInput& input) {
  std::string line = fmt::format("estimating {} params, {}, method {}", format_count(input.params),
                                 name(input.precision), name(input.method));
  if (trains(input.method)) {
    line += fmt::format(", optimizer {}, recompute {}, attention {}", name(input.optimizer), name(input.recompute),
                        name(input.attention));
    if (input.sharding != Sharding::None) {
      line += fmt::format(", {} over {} data-parallel GPUs", name(input.sharding), input.data_parallel);
    }
    if (input.offload != Offload::None) line += fmt::format(", offload to {}", name(input.offload));
  }
  if (input.tensor_parallel > 1) line += fmt::format(", tensor parallel {}", input.tensor_parallel);
  if (input.pipeline_parallel > 1) line += fmt::format(", pipeline parallel {}", input.pipeline_parallel);
  return line;
}

// " / 2 tensor-parallel GPUs / 4 pipeline stages": the split of a figure, or "".
std::string split_text(const EstimatorInput& input) {
  std::string text;
  if (input.tensor_parallel > 1) text += fmt::format(" / {} tensor-parallel GPUs", input.tensor_parallel);
  if (input.pipeline_parallel > 1) text += fmt::format(" / {} pipeline stages", input.pipeline_parallel);
  return text;
}

void estimate_inference(const EstimatorInput& input, MemoryEstimate& estimate, std::vector<std::string>* steps) {
  // Tensor parallelism splits every matrix and the KV heads, pipeline parallelism the layers.
  const double t = input.tensor_parallel * input.pipeline_parallel;
  const double element = bytes_per_element(input.precision);
  estimate.weights = input.params * element / t;
  estimate.overhead = formulas::kInferenceOverhead * estimate.weights;
  const bool shape_known = input.layers && input.hidden && input.seq_len && input.batch_size;
  double kv_share = 1, kv_element = 0;
  if (shape_known) {
    kv_share = input.kv_heads && input.heads ? *input.kv_heads / *input.heads : 1;
    kv_element = formulas::kv_cache_bytes_per_element(input.precision);
    estimate.kv_cache =
        formulas::kv_cache_bytes(*input.layers, *input.hidden, *input.seq_len, *input.batch_size, kv_element, kv_share) /
        t;
    estimate.shape_terms_included = true;
    if (!input.seq_len_is_default) estimate.frugal_per_gpu += estimate.kv_cache;
  }
  if (!steps) return;

  steps->push_back(fmt::format("weights: {} params x {:g} B ({}){} = {} [{}]", format_count(input.params), element,
                               name(input.precision), split_text(input), format_bytes(estimate.weights),
                               detail::kEleuther));
  steps->push_back(fmt::format("overhead: {:g} x weights = {} [{}; {} \"VRAM >= params x 1.2\"]",
                               formulas::kInferenceOverhead, format_bytes(estimate.overhead), detail::kEleuther,
                               detail::kSeed));
  if (input.sharding != Sharding::None || input.offload != Offload::None) {
    steps->push_back("sharding and offload ignored: ZeRO/FSDP shard and offload training states");
  }
  if (!shape_known) {
    steps->push_back("kv cache: not included (needs seq_len, batch_size, layers, hidden)");
    return;
  }
  steps->push_back(fmt::format(
      "kv cache: 2 x L {:g} x h {:g} x s {:g} x b {:g} x {:g} B x kv_heads/heads {:g}{} = {} [{}]", *input.layers,
      *input.hidden, *input.seq_len, *input.batch_size, kv_element, kv_share, split_text(input),
      format_bytes(estimate.kv_cache), detail::kEleuther));
}

// The estimate, with its derivation in estimate.steps when `derive` is set. The
// figures never depend on it: formatting the derivation is most of the work, and only
// `gpuspec explain` and the notes of a finding ever read it (issue 12).
MemoryEstimate estimate(const EstimatorInput& input, bool derive) {
  if (auto problems = validate_input(input); !problems.empty()) {
    throw std::invalid_argument(problems.front());
  }
  MemoryEstimate estimate;
  std::vector<std::string>* steps = derive ? &estimate.steps : nullptr;
  if (steps) steps->push_back(describe(input));
  if (!trains(input.method)) {
    estimate_inference(input, estimate, steps);
    estimate.frugal_per_gpu += estimate.weights;
  } else {
    const detail::TrainingStates states = detail::estimate_training_states(input, steps);
    estimate.weights = states.weights;
    estimate.gradients = states.gradients;
    estimate.optimizer = states.optimizer;
    const detail::TrainingExtras extras = detail::estimate_training_extras(input, steps);
    estimate.activations = extras.activations;
    estimate.workspace = extras.workspace;
    estimate.overhead = extras.overhead;
    estimate.shape_terms_included = extras.shape_known;
    estimate.frugal_per_gpu = states.weights + states.gradients + states.optimizer + extras.frugal_activations;
  }
  estimate.per_gpu = estimate.weights + estimate.gradients + estimate.optimizer + estimate.activations +
                     estimate.workspace + estimate.kv_cache + estimate.overhead;
  const double gpu_count = static_cast<double>(input.data_parallel) * input.tensor_parallel * input.pipeline_parallel;
  estimate.total = estimate.per_gpu * gpu_count;
  if (!steps) return estimate;
  steps->push_back(fmt::format("per GPU: sum of the figures above = {}{}", format_bytes(estimate.per_gpu),
                               estimate.shape_terms_included ? "" : " (lower bound: shape unknown)"));
  steps->push_back(fmt::format(
      "frugal bound: {}{} = {}",
      trains(input.method) ? "weights + gradients + optimizer + activations with full recompute" : "weights + kv cache",
      input.seq_len_is_default ? " (sequence terms left out: seq_len is a default)" : "",
      format_bytes(estimate.frugal_per_gpu)));
  steps->push_back(fmt::format(
      "total: {} per GPU x {:g} GPU{} (data parallel {} x tensor parallel {} x pipeline parallel {}) = {}",
      format_bytes(estimate.per_gpu), gpu_count, gpu_count == 1 ? "" : "s", input.data_parallel,
      input.tensor_parallel, input.pipeline_parallel, format_bytes(estimate.total)));
  return estimate;
}

}  // namespace

std::vector<std::string> validate_input(const EstimatorInput& input) {
  std::vector<std::string> problems;
  require_positive(problems, "params", input.params);
  if (input.data_parallel < 1) problems.push_back(fmt::format("data_parallel must be at least 1, got {}", input.data_parallel));
  if (input.tensor_parallel < 1) {
    problems.push_back(fmt::format("tensor_parallel must be at least 1, got {}", input.tensor_parallel));
  }
  if (input.pipeline_parallel < 1) {
    problems.push_back(fmt::format("pipeline_parallel must be at least 1, got {}", input.pipeline_parallel));
  }
  require_positive(problems, "lora rank", input.lora_rank);
  if (input.lora_targets == 0 || input.lora_targets > kAllLoraTargets) {
    problems.push_back("lora targets must name at least one of q_proj k_proj v_proj o_proj gate_proj up_proj down_proj");
  }
  require_positive(problems, "intermediate", input.intermediate);
  require_positive(problems, "seq_len", input.seq_len);
  require_positive(problems, "batch_size", input.batch_size);
  require_positive(problems, "layers", input.layers);
  require_positive(problems, "hidden", input.hidden);
  require_positive(problems, "heads", input.heads);
  require_positive(problems, "kv_heads", input.kv_heads);
  require_positive(problems, "largest_layer_params", input.largest_layer_params);
  if (input.kv_heads && input.heads && *input.kv_heads > *input.heads) {
    problems.push_back(fmt::format("kv_heads ({:g}) cannot exceed heads ({:g})", *input.kv_heads, *input.heads));
  }
  if (input.offload != Offload::None && input.sharding == Sharding::None && trains(input.method)) {
    problems.push_back(fmt::format("offload to {} needs ZeRO or FSDP sharding (zero1, zero2, zero3 or fsdp)",
                                   name(input.offload)));
  }
  if (input.largest_layer_params && *input.largest_layer_params > input.params) {
    problems.push_back(fmt::format("largest_layer_params ({:g}) cannot exceed params ({:g})",
                                   *input.largest_layer_params, input.params));
  }
  if (input.trainable_fraction && !(*input.trainable_fraction > 0 && *input.trainable_fraction <= 1)) {
    problems.push_back(fmt::format("trainable_fraction must be in (0, 1], got {:g}", *input.trainable_fraction));
  }
  return problems;
}

MemoryEstimate estimate_memory(const EstimatorInput& input) { return estimate(input, true); }

MemoryEstimate estimate_figures(const EstimatorInput& input) { return estimate(input, false); }

double estimate_per_gpu(const EstimatorInput& input) { return estimate(input, false).per_gpu; }

double trainable_params(const EstimatorInput& input) {
  if (auto problems = validate_input(input); !problems.empty()) throw std::invalid_argument(problems.front());
  return trains(input.method) ? input.params * formulas::trainable_fraction(input) : 0;
}

}  // namespace gpuspec::facts
