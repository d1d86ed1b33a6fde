#include "facts/resolve_workload_memory.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <memory>

#include "facts/estimator.h"
#include "facts/estimator_formulas.h"
#include "facts/estimator_remedies.h"
#include "units/integral.h"

namespace gpuspec::facts::estimate_text {

// "4 GPU(s), data parallel 4, tensor parallel 1": how the job's GPUs are split.
struct Basis {
  double total_gpus = 1;
  int data_parallel = 1;
  int tensor_parallel = 1;
};

// The derivation line of the estimate that starts with `prefix` ("weights", "kv cache"),
// or "<prefix>: none; <basis>" when the estimate has none. Held by the fact's
// explanation and formatted only when read: formatting the whole derivation of every
// server's estimate was most of its cost, and a check prints few of them (issue 12).
struct Step {
  std::shared_ptr<const EstimatorInput> input;  // shared by the steps of one estimate
  std::string_view prefix;                      // a literal
  Basis basis;
};

}  // namespace gpuspec::facts::estimate_text

template <>
struct fmt::formatter<gpuspec::facts::estimate_text::Basis> : fmt::formatter<std::string_view> {
  template <class Context>
  auto format(const gpuspec::facts::estimate_text::Basis& b, Context& ctx) const {
    return fmt::format_to(ctx.out(), "{} GPU(s), data parallel {}, tensor parallel {}", b.total_gpus,
                          b.data_parallel, b.tensor_parallel);
  }
};

template <>
struct fmt::formatter<gpuspec::facts::estimate_text::Step> : fmt::formatter<std::string_view> {
  template <class Context>
  auto format(const gpuspec::facts::estimate_text::Step& step, Context& ctx) const {
    return fmt::format_to(ctx.out(), "{}", gpuspec::facts::estimate_step(*step.input, step.prefix, step.basis.total_gpus));
  }
};

namespace gpuspec::facts {

std::string estimate_step(const EstimatorInput& input, std::string_view prefix, double total_gpus) {
  const MemoryEstimate estimate = estimate_memory(input);
  for (const auto& s : estimate.steps) {
    if (s.starts_with(prefix)) return s;
  }
  return fmt::format("{}: none; {}", prefix, estimate_text::Basis{total_gpus, input.data_parallel, input.tensor_parallel});
}

namespace {

template <typename Parse>
auto parsed_symbol(const FactSet& facts, FactKey name, Parse parse) {
  auto text = facts.symbol(name);
  return text ? parse(*text) : decltype(parse(std::string_view{})){};
}

std::optional<double> number(const FactSet& facts, FactKey name) {
  auto q = facts.quantity(name);
  if (!q || !q->dimension.dimensionless()) return std::nullopt;
  return q->value;
}

void set_bytes(FactSet& facts, FactKey name, double bytes, SourceRange at, Explanation why) {
  facts.set(name, Value::of({bytes, units::Dimension::data(), units::Currency::None}),
            Origin{Origin::Kind::Estimator, at, {}, std::move(why)});
}

// A clause of a message, printed bare (a symbol displays without quotes).
void set_text(FactSet& facts, FactKey name, std::string text, SourceRange at, Explanation why) {
  facts.set(name, Value::symbol(std::move(text)), Origin{Origin::Kind::Estimator, at, {}, std::move(why)});
}

bool is_default(const FactSet& facts, FactKey name) {
  const Fact* fact = facts.find(name);
  return fact && fact->origin.kind != Origin::Kind::Declared;
}

// The estimator inputs the workload did not set itself: "seq_len 2048, recompute full".
// Inference reads only the sequence and batch.
std::string assumptions(const FactSet& facts, bool trains) {
  std::vector<std::string> assumed;
  for (const char* key : {"seq_len", "batch_size", "recompute", "attention", "optimizer"}) {
    if (!trains && std::string_view(key) != "seq_len" && std::string_view(key) != "batch_size") continue;
    const std::string text = std::string("workload.") + key;
    const FactKey name = fact_key(text);
    if (const Fact* fact = facts.find(name); fact && is_default(facts, name)) {
      assumed.push_back(fmt::format("{} {}", key, fact->value.display()));
    }
  }
  if (assumed.empty()) return "the workload's own settings only";
  return fmt::format("{} (not set by the workload)", fmt::join(assumed, ", "));
}

// The estimator counts GPUs as ints: a tensor parallelism or a GPU count past that range
// is reported at the property, never cast (3e9 used to become -2147483648).
bool countable_gpus(const ast::Declaration& decl, const FactSet& facts, double total_gpus, DiagnosticEngine& diags) {
  double tensor_parallel = number(facts, "workload.tensor_parallel"_fact).value_or(1);
  auto tp = units::checked_integer<int>(tensor_parallel);
  auto dp = units::checked_integer<int>(std::floor(total_gpus / std::max(1, tp.value_or(1))));
  if (tp && dp) return true;
  const Fact* declared = facts.find("workload.tensor_parallel"_fact);
  SourceRange where = !tp && declared && declared->origin.range.valid() ? declared->origin.range : decl.name_range;
  std::string what = tp ? fmt::format("over {:g} GPUs", total_gpus) : fmt::format("with tensor_parallel = {:g}", tensor_parallel);
  auto& d = diags.error("estimator-input", where,
                        fmt::format("cannot estimate the memory of '{}' {}: the estimator counts at most {} GPUs",
                                    decl.name, what, std::numeric_limits<int>::max()));
  d.declaration = decl.name;
  return false;
}

EstimatorInput input_from(const FactSet& facts, double params, double total_gpus) {
  EstimatorInput input;
  input.params = params;
  input.precision = parsed_symbol(facts, "workload.precision"_fact, parse_precision).value_or(Precision::BF16);
  const bool trains = facts.find("workload.trains"_fact) && facts.find("workload.trains"_fact)->value.boolean;
  input.method = trains ? parsed_symbol(facts, "workload.method"_fact, parse_method).value_or(Method::Full)
                        : Method::Inference;
  input.optimizer = parsed_symbol(facts, "workload.optimizer"_fact, parse_optimizer).value_or(Optimizer::AdamW);
  input.sharding = parsed_symbol(facts, "workload.sharding"_fact, parse_sharding).value_or(Sharding::None);
  input.recompute = parsed_symbol(facts, "workload.recompute"_fact, parse_recompute).value_or(Recompute::None);
  input.attention = parsed_symbol(facts, "workload.attention"_fact, parse_attention).value_or(Attention::Sdpa);
  input.offload = parsed_symbol(facts, "workload.offload"_fact, parse_offload).value_or(Offload::None);
  // Checked by countable_gpus() first: the casts below cannot overflow.
  input.tensor_parallel = units::checked_integer<int>(number(facts, "workload.tensor_parallel"_fact).value_or(1)).value_or(1);
  input.data_parallel =
      std::max(1, units::checked_integer<int>(std::floor(total_gpus / std::max(1, input.tensor_parallel))).value_or(1));
  input.seq_len = number(facts, "workload.seq_len"_fact);
  input.seq_len_is_default = is_default(facts, "workload.seq_len"_fact);
  input.batch_size = number(facts, "workload.batch_size"_fact);
  input.layers = number(facts, "workload.layers"_fact);
  input.hidden = number(facts, "workload.hidden"_fact);
  input.heads = number(facts, "workload.heads"_fact);
  input.kv_heads = number(facts, "workload.kv_heads"_fact);
  input.vocab = number(facts, "workload.vocab"_fact);
  return input;
}

// Bytes of the weights as stored: QLoRA keeps its base in NF4 (or int8), whatever
// `precision` (the compute type) says.
double stored_weight_bytes(const EstimatorInput& input) {
  if (input.method == Method::Qlora) return input.params * formulas::qlora_base_bytes_per_param(input.precision);
  return input.params * bytes_per_element(input.precision);
}

// ", or store them in fewer bits: precision = int8 (7.0 GB)": narrower weight storage
// not in effect, for the 1.2x headroom rule's hint; "" when the weights are already 4-bit.
std::string smaller_weights(const EstimatorInput& input) {
  std::vector<std::string> options;
  auto option = [&](std::string setting, const EstimatorInput& changed) {
    options.push_back(fmt::format("{} ({:.1f} GB)", setting, stored_weight_bytes(changed) / 1e9));
  };
  EstimatorInput changed = input;
  if (!trains(input.method)) {
    for (Precision narrower : {Precision::INT8, Precision::INT4}) {
      if (bytes_per_element(narrower) >= bytes_per_element(input.precision)) continue;
      changed.precision = narrower;
      option(fmt::format("precision = {}", name(narrower)), changed);
    }
  } else if (input.method != Method::Qlora) {
    changed.method = Method::Qlora;
    option("method = qlora (4-bit NF4 base)", changed);
  } else if (input.precision == Precision::INT8) {
    changed.precision = Precision::INT4;
    option("precision = int4 (NF4 base)", changed);
  }
  if (options.empty()) return "";
  return fmt::format(", or store them in fewer bits: {}", fmt::join(options, " or "));
}

// The settings that drive the estimate, in the words of the job's method: a training job
// names its optimizer and sharding, an inference job its tensor parallelism (it has no
// optimizer, and ZeRO/FSDP shard training states only).
std::string describe_setup(const EstimatorInput& input) {
  if (!trains(input.method)) {
    return fmt::format("inference, {}, tensor parallel {}", name(input.precision), input.tensor_parallel);
  }
  return fmt::format("method {}, {}, optimizer {}, sharding {}", name(input.method), name(input.precision),
                     name(input.optimizer), name(input.sharding));
}

// "weights 140 GB + KV cache 10 GiB + overhead 28 GB": only the terms that hold bytes, each
// displayed as the message displays a quantity, so the sum reads like the estimate.
std::string describe_breakdown(const MemoryEstimate& estimate) {
  const std::pair<const char*, double> terms[] = {
      {"weights", estimate.weights},         {"gradients", estimate.gradients}, {"optimizer states", estimate.optimizer},
      {"activations", estimate.activations}, {"workspace", estimate.workspace}, {"KV cache", estimate.kv_cache},
      {"overhead", estimate.overhead}};
  std::vector<std::string> parts;
  for (const auto& [label, bytes] : terms) {
    if (bytes > 0) parts.push_back(fmt::format("{} {}", label, units::format({bytes, units::Dimension::data(), units::Currency::None})));
  }
  if (parts.empty()) return "no terms";
  return fmt::format("{}", fmt::join(parts, " + "));
}

std::optional<EstimatorInput> estimator_input(const ast::Declaration& decl, const FactSet& facts, double total_gpus,
                                              DiagnosticEngine& diags) {
  auto params = number(facts, "workload.params"_fact);
  if (!params) return std::nullopt;  // no model size: nothing to estimate
  if (!countable_gpus(decl, facts, total_gpus, diags)) return std::nullopt;
  EstimatorInput input = input_from(facts, *params, total_gpus);
  auto problems = validate_input(input);
  if (problems.empty()) return input;
  for (const auto& problem : problems) {
    auto& d = diags.error("estimator-input", decl.name_range,
                          fmt::format("cannot estimate the memory of '{}': {}", decl.name, problem));
    d.declaration = decl.name;
  }
  return std::nullopt;
}

}  // namespace

std::optional<EstimatorInput> workload_estimator_input(const ast::Declaration& decl, const FactSet& facts,
                                                       double total_gpus) {
  DiagnosticEngine silent;
  return estimator_input(decl, facts, total_gpus, silent);
}

double total_job_gpus(std::optional<double> gpus) { return std::max(1.0, gpus.value_or(1.0)); }

DeploymentGpus deployment_gpus(const FactSet& facts) {
  DeploymentGpus out;
  out.per_node = units::checked_integer<int>(number(facts, "gpu.count"_fact).value_or(1)).value_or(1);
  if (auto q = facts.quantity("gpu.vram"_fact)) out.vram = q->value;
  // A job that fits one card gets every remedy, whatever the card (describe_remedies):
  // all such cards are one, so the servers of a workload share its remedies.
  const auto per_gpu = facts.quantity("workload.mem.per_gpu"_fact);
  if (out.vram && per_gpu && per_gpu->value <= *out.vram) out.vram = std::numeric_limits<double>::infinity();
  return out;
}

void add_workload_memory_facts(const ast::Declaration& decl, FactSet& facts, std::optional<double> gpus,
                               DiagnosticEngine& diags) {
  const double total_gpus = total_job_gpus(gpus);
  if (add_workload_estimate_facts(decl, facts, total_gpus, diags)) {
    add_workload_remedy_facts(decl, facts, total_gpus, deployment_gpus(facts));
  }
}

bool add_workload_estimate_facts(const ast::Declaration& decl, FactSet& facts, double total_gpus,
                                 DiagnosticEngine& diags) {
  const std::optional<EstimatorInput> valid = estimator_input(decl, facts, total_gpus, diags);
  if (!valid) return false;
  const EstimatorInput& input = *valid;
  const SourceRange at = decl.name_range;
  // The figures now, their derivation lines when a note reads them (estimate_text::Step).
  const MemoryEstimate estimate = estimate_figures(input);
  const estimate_text::Basis basis{total_gpus, input.data_parallel, input.tensor_parallel};
  const auto shared_input = std::make_shared<const EstimatorInput>(input);
  auto step = [&](std::string_view prefix) {
    return Explanation::format("{}", estimate_text::Step{shared_input, prefix, basis});
  };
  set_bytes(facts, "workload.mem.weights"_fact, estimate.weights, at, step("weights"));
  set_bytes(facts, "workload.mem.gradients"_fact, estimate.gradients, at, step("gradients"));
  set_bytes(facts, "workload.mem.optimizer"_fact, estimate.optimizer, at, step("optimizer"));
  set_bytes(facts, "workload.mem.activations"_fact, estimate.activations, at, step("activations"));
  set_bytes(facts, "workload.mem.workspace"_fact, estimate.workspace, at, step("workspace"));
  set_bytes(facts, "workload.mem.kv_cache"_fact, estimate.kv_cache, at, step("kv cache"));
  set_bytes(facts, "workload.mem.overhead"_fact, estimate.overhead, at, step("overhead"));
  const std::string assumed = assumptions(facts, trains(input.method));
  set_bytes(facts, "workload.mem.per_gpu"_fact, estimate.per_gpu, at,
            Explanation::format("typical estimate, the sum of the per-GPU figures; {}; assumes {}", basis, assumed));
  set_bytes(facts, "workload.mem.frugal_per_gpu"_fact, estimate.frugal_per_gpu, at, step("frugal bound"));
  set_bytes(facts, "workload.mem.total"_fact, estimate.total, at,
            Explanation::format("per GPU x every GPU of the job; {}", basis));
  set_text(facts, "workload.mem.assumptions"_fact, assumed, at, "estimator inputs taken from defaults or the model");
  set_text(facts, "workload.mem.setup"_fact, describe_setup(input), at, "the method's settings behind the estimate");
  set_text(facts, "workload.mem.breakdown"_fact, describe_breakdown(estimate), at,
           "the per-GPU figures that hold bytes, summed by workload.mem.per_gpu");
  // Weight bytes of the whole model as stored, for the 1.2x headroom rule (002 §7).
  const double stored = stored_weight_bytes(input);
  set_bytes(facts, "workload.mem.model_weights"_fact, stored, at,
            Explanation::format("{:.4g}B params x {:.4g} B ({})", input.params / 1e9, stored / input.params,
                        input.method == Method::Qlora ? "QLoRA's quantized base" : name(input.precision)));
  set_text(facts, "workload.mem.smaller_weights"_fact, smaller_weights(input), at,
           "narrower weight storage not in effect");
  facts.set("workload.mem.shape_known"_fact, Value::flag(estimate.shape_terms_included),
            Origin{Origin::Kind::Estimator, at, {},
                   Explanation::literal(estimate.shape_terms_included
                                            ? "layers, hidden, heads, seq_len known: activations included"
                                            : "model shape unknown: per-GPU figure is a lower bound")});
  const double fraction = trains(input.method) ? formulas::default_trainable_fraction(input.method, input.layers) : 0;
  facts.set("workload.trainable_params"_fact, Value::number(input.params * fraction),
            Origin{Origin::Kind::Estimator, at, {},
                   Explanation::format("{:.4g}B params x trainable share {:.3g} (method {})", input.params / 1e9, fraction,
                               name(input.method))});

  // What-ifs the rules compare against: the job on one GPU, and without ZeRO-3.
  EstimatorInput single = input;
  single.sharding = Sharding::None;
  single.offload = Offload::None;
  single.data_parallel = 1;
  single.tensor_parallel = 1;
  set_bytes(facts, "workload.mem.single_gpu"_fact, estimate_per_gpu(single), at,
            "typical estimate on one GPU: no sharding, offload or tensor parallelism");
  if (input.sharding == Sharding::Zero3 || input.sharding == Sharding::Fsdp) {
    EstimatorInput zero2 = input;
    zero2.sharding = Sharding::Zero2;
    if (validate_input(zero2).empty()) {
      set_bytes(facts, "workload.mem.per_gpu_zero2"_fact, estimate_per_gpu(zero2), at,
                Explanation::format("typical estimate with sharding = zero2 over {} GPUs instead", input.data_parallel));
    }
  }
  return true;
}

void add_workload_remedy_facts(const ast::Declaration& decl, FactSet& facts, double total_gpus,
                               const DeploymentGpus& deployment) {
  DiagnosticEngine reported_by_the_estimate;  // add_workload_estimate_facts reported these already
  const std::optional<EstimatorInput> input = estimator_input(decl, facts, total_gpus, reported_by_the_estimate);
  if (!input) return;
  set_text(facts, "workload.mem.remedies"_fact, describe_remedies(*input, deployment.per_node, deployment.vram),
           decl.name_range,
           Explanation::literal(deployment.vram ? "estimator settings not in effect that fit one card"
                                                : "estimator settings not in effect"));
}

}  // namespace gpuspec::facts
