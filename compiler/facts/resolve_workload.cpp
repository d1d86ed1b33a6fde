#include "facts/resolve_workload.h"

#include <fmt/format.h>

#include <cmath>
#include <limits>

#include "facts/estimator.h"
#include "facts/properties.h"
#include "units/integral.h"

namespace gpuspec::facts {

namespace {

// Every declared property, blocks flattened with dots: workload.software.cuda.
void add_declared(const ast::Body& body, const std::string& prefix, FactSet& facts) {
  for (const auto& item : body.items) {
    if (const auto* p = std::get_if<ast::Property>(&item)) {
      auto value = literal_value(*p->value);
      if (!value) continue;
      Origin origin{Origin::Kind::Declared, p->range, {}, {}};
      // `pytorch@2.3` is also split so policies can compare name and version apart.
      if (const auto* v = p->value->as<ast::VersionedSymbol>()) {
        facts.set(prefix + p->key + ".name", Value::symbol(v->name), origin);
        facts.set(prefix + p->key + ".version", Value::string(v->version), origin);
      }
      facts.set(prefix + p->key, std::move(*value), origin);
    } else if (const auto* b = std::get_if<std::unique_ptr<ast::Block>>(&item)) {
      add_declared((*b)->body, prefix + (*b)->key + ".", facts);
    }
  }
}

void set_default(FactSet& facts, const std::string& name, Value value, SourceRange at, const char* why) {
  if (facts.find(name)) return;
  facts.set(name, std::move(value), Origin{Origin::Kind::Default, at, {}, why});
}

template <typename Parse>
auto parsed_symbol(const FactSet& facts, const std::string& name, Parse parse) {
  auto text = facts.symbol(name);
  return text ? parse(*text) : decltype(parse(std::string_view{})){};
}

std::optional<double> number(const FactSet& facts, const std::string& name) {
  auto q = facts.quantity(name);
  if (!q || !q->dimension.dimensionless()) return std::nullopt;
  return q->value;
}

void set_bytes(FactSet& facts, const std::string& name, double bytes, SourceRange at, std::string why) {
  facts.set(name, Value::of({bytes, units::Dimension::data(), units::Currency::None}),
            Origin{Origin::Kind::Estimator, at, {}, std::move(why)});
}

}  // namespace

void add_workload_facts(const sema::Program& program, const sema::DeclEntry& workload, FactSet& facts,
                        std::optional<double> gpus, DiagnosticEngine& diags) {
  const ast::Declaration& decl = *workload.decl;
  facts.set("workload.name", Value::symbol(decl.name), Origin{Origin::Kind::Declared, decl.name_range, {}, {}});
  add_declared(decl.body, "workload.", facts);

  // A model reference supplies the shape the workload does not declare itself.
  if (auto model = facts.symbol("workload.model")) {
    if (const auto* entry = program.find(*model)) {
      for (const char* property : {"params", "layers", "hidden", "heads", "kv_heads", "seq_len"}) {
        std::string name = std::string("workload.") + property;
        if (facts.find(name)) continue;
        if (auto fact = catalog_property(*entry, property)) facts.set(name, fact->value, fact->origin);
      }
    }
  }

  SourceRange at = decl.name_range;
  bool inference = facts.symbol("workload.task") == "llm.inference";
  set_default(facts, "workload.precision", Value::symbol("bf16"), at, "schema default");
  set_default(facts, "workload.method", Value::symbol(inference ? "inference" : "full"), at,
              inference ? "llm.inference implies inference" : "schema default");
  set_default(facts, "workload.optimizer", Value::symbol("adamw"), at, "schema default");
  set_default(facts, "workload.sharding", Value::symbol("none"), at, "schema default");
  set_default(facts, "workload.tensor_parallel", Value::number(1), at, "schema default");
  set_default(facts, "workload.batch_size", Value::number(1), at, "schema default");
  set_default(facts, "workload.recompute", Value::symbol("none"), at, "schema default");
  set_default(facts, "workload.stage", Value::symbol("experiment"), at, "schema default");
  set_default(facts, "workload.data", Value::symbol("internal"), at, "schema default");
  set_default(facts, "workload.preprocessing", Value::symbol("light"), at, "schema default");
  set_default(facts, "workload.first_project", Value::flag(false), at, "schema default");

  auto params = number(facts, "workload.params");
  if (!params) return;  // no model size: nothing to estimate

  EstimatorInput input;
  input.params = *params;
  input.precision = parsed_symbol(facts, "workload.precision", parse_precision).value_or(Precision::BF16);
  input.method = parsed_symbol(facts, "workload.method", parse_method).value_or(Method::Full);
  input.optimizer = parsed_symbol(facts, "workload.optimizer", parse_optimizer).value_or(Optimizer::AdamW);
  input.sharding = parsed_symbol(facts, "workload.sharding", parse_sharding).value_or(Sharding::None);
  input.recompute = parsed_symbol(facts, "workload.recompute", parse_recompute).value_or(Recompute::None);
  // The estimator counts GPUs as ints: a count past that range is reported, never cast
  // (3e9 used to become -2147483648).
  double tensor_parallel = number(facts, "workload.tensor_parallel").value_or(1);
  double total_gpus = std::max(1.0, gpus.value_or(1.0));
  auto tp = units::checked_integer<int>(tensor_parallel);
  auto dp = units::checked_integer<int>(std::floor(total_gpus / std::max(1, tp.value_or(1))));
  if (!tp || !dp) {
    const Fact* declared = facts.find("workload.tensor_parallel");
    SourceRange where = !tp && declared && declared->origin.range.valid() ? declared->origin.range : decl.name_range;
    std::string what = tp ? fmt::format("over {:g} GPUs", total_gpus)
                          : fmt::format("with tensor_parallel = {:g}", tensor_parallel);
    auto& d = diags.error("estimator-input", where,
                          fmt::format("cannot estimate the memory of '{}' {}: the estimator counts at most {} GPUs",
                                      decl.name, what, std::numeric_limits<int>::max()));
    d.declaration = decl.name;
    return;
  }
  input.tensor_parallel = *tp;
  input.data_parallel = std::max(1, *dp);
  input.seq_len = number(facts, "workload.seq_len");
  input.batch_size = number(facts, "workload.batch_size");
  input.layers = number(facts, "workload.layers");
  input.hidden = number(facts, "workload.hidden");
  input.heads = number(facts, "workload.heads");
  input.kv_heads = number(facts, "workload.kv_heads");

  auto problems = validate_input(input);
  if (!problems.empty()) {
    for (const auto& problem : problems) {
      auto& d = diags.error("estimator-input", decl.name_range,
                            fmt::format("cannot estimate the memory of '{}': {}", decl.name, problem));
      d.declaration = decl.name;
    }
    return;
  }
  MemoryEstimate estimate = estimate_memory(input);
  std::string basis = fmt::format("{} GPU(s), data parallel {}, tensor parallel {}", total_gpus, input.data_parallel,
                                  input.tensor_parallel);
  auto step = [&](std::string_view key) {
    for (const auto& s : estimate.steps) {
      if (s.find(key) != std::string::npos) return s;
    }
    return basis;
  };
  set_bytes(facts, "workload.mem.weights", estimate.weights, at, step("eights"));
  set_bytes(facts, "workload.mem.gradients", estimate.gradients, at, step("radient"));
  set_bytes(facts, "workload.mem.optimizer", estimate.optimizer, at, step("ptimizer"));
  set_bytes(facts, "workload.mem.activations", estimate.activations, at, step("ctivation"));
  set_bytes(facts, "workload.mem.kv_cache", estimate.kv_cache, at, step("KV"));
  set_bytes(facts, "workload.mem.per_gpu", estimate.per_gpu, at, "sum of the per-GPU figures; " + basis);
  set_bytes(facts, "workload.mem.total", estimate.total, at, "per GPU x every GPU of the job; " + basis);
  // Weight bytes of the whole model at `precision`, for the 1.2x headroom rule (002 §7).
  set_bytes(facts, "workload.mem.model_weights", input.params * bytes_per_element(input.precision), at,
            fmt::format("{} params x {} B ({})", input.params, bytes_per_element(input.precision), name(input.precision)));
  facts.set("workload.mem.shape_known", Value::flag(estimate.shape_terms_included),
            Origin{Origin::Kind::Estimator, at, {}, estimate.shape_terms_included
                                                        ? "layers, hidden, heads, seq_len known: activations included"
                                                        : "model shape unknown: per-GPU figure is a lower bound"});
}

}  // namespace gpuspec::facts
