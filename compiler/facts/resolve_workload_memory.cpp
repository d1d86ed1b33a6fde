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
  const auto method = facts.symbol("workload.method"_fact);
  const bool adapters = trains && (method == "lora" || method == "qlora");
  for (const char* key : {"seq_len", "batch_size", "recompute", "attention", "optimizer", "lora.rank", "lora.targets"}) {
    if (!trains && std::string_view(key) != "seq_len" && std::string_view(key) != "batch_size") continue;
    if (!adapters && std::string_view(key).starts_with("lora.")) continue;
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
  auto pp = units::checked_integer<int>(number(facts, "workload.pipeline_parallel"_fact).value_or(1));
  auto declared_dp = units::checked_integer<int>(number(facts, "workload.data_parallel"_fact).value_or(1));
  auto dp = units::checked_integer<int>(
      std::floor(total_gpus / std::max(1.0, static_cast<double>(tp.value_or(1)) * pp.value_or(1))));
  if (tp && pp && dp && declared_dp) return true;
  const Fact* declared = facts.find("workload.tensor_parallel"_fact);
  SourceRange where = !tp && declared && declared->origin.range.valid() ? declared->origin.range : decl.name_range;
  std::string what = !tp ? fmt::format("with tensor_parallel = {:g}", tensor_parallel)
                    : !pp ? std::string("with this pipeline_parallel")
                    : !declared_dp ? std::string("with this data_parallel")
                                   : fmt::format("over {:g} GPUs", total_gpus);
  auto& d = diags.error("estimator-input", where,
                        fmt::format("cannot estimate the memory of '{}' {}: the estimator counts at most {} GPUs",
                                    decl.name, what, std::numeric_limits<int>::max()));
  d.declaration = decl.name;
  return false;
}

// The bit mask of workload.lora.targets: `all`, or the listed projections.
unsigned lora_targets(const FactSet& facts) {
  const Fact* fact = facts.find("workload.lora.targets"_fact);
  if (!fact || fact->value.type != Value::Type::List) return kAllLoraTargets;
  unsigned mask = 0;
  for (const auto& item : fact->value.items) {
    if (auto target = parse_lora_target(item.text)) mask |= static_cast<unsigned>(*target);
  }
  return mask == 0 ? kAllLoraTargets : mask;
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
  auto degree = [&](FactKey key) { return units::checked_integer<int>(number(facts, key).value_or(1)).value_or(1); };
  input.tensor_parallel = degree("workload.tensor_parallel"_fact);
  input.pipeline_parallel = degree("workload.pipeline_parallel"_fact);
  // ZeRO/FSDP shard over the declared replicas, else over every GPU the model-parallel
  // groups leave (workload.parallelism-fits-gpus reports a count that does not divide).
  const double model_parallel = static_cast<double>(input.tensor_parallel) * input.pipeline_parallel;
  input.data_parallel = facts.find("workload.data_parallel"_fact)
                            ? degree("workload.data_parallel"_fact)
                            : std::max(1, units::checked_integer<int>(std::floor(total_gpus / model_parallel)).value_or(1));
  input.intermediate = number(facts, "workload.intermediate"_fact);
  if (auto rank = number(facts, "workload.lora.rank"_fact)) input.lora_rank = *rank;
  input.lora_targets = lora_targets(facts);
  input.seq_len = number(facts, "workload.seq_len"_fact);
  input.seq_len_is_default = is_default(facts, "workload.seq_len"_fact);
  input.batch_size = number(facts, "workload.batch_size"_fact);
  input.layers = number(facts, "workload.layers"_fact);
  input.hidden = number(facts, "workload.hidden"_fact);
  input.heads = number(facts, "workload.heads"_fact);
  input.kv_heads = number(facts, "workload.kv_heads"_fact);
  input.vocab = number(facts, "workload.vocab"_fact);
  input.vocab_loss = facts.symbol("workload.task"_fact).value_or("").starts_with("llm.");
  return input;
}

// ", or store them in fewer bits: precision = int8 (7.0 GB)": narrower weight storage
// not in effect, for the 1.2x headroom rule's hint; "" when the weights are already 4-bit.
std::string smaller_weights(const EstimatorInput& input) {
  std::vector<std::string> options;
  auto option = [&](std::string setting, const EstimatorInput& changed) {
    options.push_back(fmt::format("{} ({:.1f} GB)", setting, formulas::stored_weight_bytes(changed) / 1e9));
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
    std::string setup = fmt::format("inference, {}, tensor parallel {}", name(input.precision), input.tensor_parallel);
    if (input.pipeline_parallel > 1) setup += fmt::format(", pipeline parallel {}", input.pipeline_parallel);
    return setup;
  }
  std::string setup = fmt::format("method {}, {}, optimizer {}, sharding {}", name(input.method),
                                  name(input.precision), name(input.optimizer), name(input.sharding));
  if (input.offload != Offload::None) setup += fmt::format(", states offloaded to {}", name(input.offload));
  if (input.tensor_parallel > 1) setup += fmt::format(", tensor parallel {}", input.tensor_parallel);
  if (input.pipeline_parallel > 1) setup += fmt::format(", pipeline parallel {}", input.pipeline_parallel);
  return setup;
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

// ", and shard the states over them (sharding = zero3)": the settings that spread a
// job's states that are not already in effect, as a hint clause ("" when all are).
std::string multi_gpu_settings(const EstimatorInput& input) {
  if (!trains(input.method)) return "";
  std::vector<std::string> settings;
  if (input.sharding != Sharding::Zero3 && input.sharding != Sharding::Fsdp) {
    settings.push_back("shard the states over them (sharding = zero3)");
  }
  if (input.offload == Offload::None) settings.push_back("keep the optimizer states in host memory (offload = cpu)");
  if (settings.empty()) return "";
  return fmt::format(", and {}", fmt::join(settings, ", or "));
}

// workload.mem.host_offload (DeepSpeed's estimate), .host_offload_states (the states
// alone) and .nvme_offload, per node, for a job that offloads; nothing otherwise.
void add_host_offload_facts(const EstimatorInput& input, double total_gpus, int per_node, SourceRange at,
                            FactSet& facts) {
  if (input.offload == Offload::None || !trains(input.method)) return;
  per_node = std::max(1, std::min(per_node, static_cast<int>(std::min(total_gpus, 1e9))));
  const int nodes = static_cast<int>(std::ceil(total_gpus / per_node));
  const HostOffload host = estimate_host_offload(input, per_node, nodes, true);
  const std::string basis = fmt::format("{} node(s) of {} GPU(s)", nodes, per_node);
  auto step = [&](std::size_t i) {
    return Explanation(i < host.steps.size() ? fmt::format("{}; {}", host.steps[i], basis) : basis);
  };
  if (input.offload == Offload::Cpu) {
    set_bytes(facts, "workload.mem.host_offload"_fact, host.host, at, step(1));
    set_bytes(facts, "workload.mem.host_offload_states"_fact, host.host_states, at, step(0));
  } else {
    set_bytes(facts, "workload.mem.host_offload"_fact, host.host, at, step(1));
    set_bytes(facts, "workload.mem.host_offload_states"_fact, host.host_states, at, step(1));
    set_bytes(facts, "workload.mem.nvme_offload"_fact, host.nvme, at, step(0));
  }
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

int gpus_per_node(const FactSet& facts) {
  return std::max(1, units::checked_integer<int>(number(facts, "gpu.count"_fact).value_or(1)).value_or(1));
}

DeploymentGpus deployment_gpus(const FactSet& facts) {
  DeploymentGpus out;
  out.per_node = gpus_per_node(facts);
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
  if (add_workload_estimate_facts(decl, facts, total_gpus, gpus_per_node(facts), diags)) {
    add_workload_remedy_facts(decl, facts, total_gpus, deployment_gpus(facts));
  }
}

bool add_workload_estimate_facts(const ast::Declaration& decl, FactSet& facts, double total_gpus, int per_node,
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
  const double stored = formulas::stored_weight_bytes(input);
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
  const double trained = trainable_params(input);
  facts.set("workload.trainable_params"_fact, Value::number(trained),
            Origin{Origin::Kind::Estimator, at, {},
                   Explanation::format("{:.4g}B params x trainable share {:.3g} (method {})", input.params / 1e9,
                                       trained / input.params, name(input.method))});

  // What-ifs the rules compare against: the job on one GPU, and without ZeRO-3. Offload
  // keeps its states on the host however many GPUs there are, so the one-GPU figure
  // keeps it (and the sharding it needs): offloaded states are never counted as VRAM.
  EstimatorInput single = input;
  if (input.offload == Offload::None) single.sharding = Sharding::None;
  single.data_parallel = 1;
  single.tensor_parallel = 1;
  single.pipeline_parallel = 1;
  set_bytes(facts, "workload.mem.single_gpu"_fact, estimate_per_gpu(single), at,
            input.offload == Offload::None
                ? Explanation::literal("typical estimate on one GPU: no sharding, tensor or pipeline parallelism")
                : Explanation::format("typical estimate on one GPU with the states offloaded to {} (not VRAM)",
                                      name(input.offload)));
  set_text(facts, "workload.mem.multi_gpu_settings"_fact, multi_gpu_settings(input), at,
           "sharding and offload settings not in effect, for workload.llm-finetune-min-gpus");
  add_host_offload_facts(input, total_gpus, per_node, at, facts);
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
