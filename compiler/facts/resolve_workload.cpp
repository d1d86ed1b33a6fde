// workload.* facts: declared properties, the named model's shape, the defaults of
// mainstream fine-tuning/serving stacks (each with its source in docs/estimator.md),
// and one meaning of "trains" that every rule and message uses.
#include "facts/resolve_workload.h"

#include <fmt/format.h>

#include <algorithm>

#include "facts/properties.h"
#include "facts/resolve_workload_memory.h"

namespace gpuspec::facts {

namespace {

// A declared property as the fact of its name, when the fact table has one. The names
// come from the spec, so this is a boundary like a policy's: a name the table lacks (a
// misspelt property, which sema reports, or the `.name`/`.version` half of a versioned
// symbol that no fact splits) gives no fact.
void set_declared(FactSet& facts, const std::string& name, Value value, const Origin& origin) {
  if (const FactId id = FactSchema::builtin().id(name); id != kNoFactId) facts.set(id, std::move(value), origin);
}

// Every declared property, blocks flattened with dots: workload.software.cuda.
void add_declared(const ast::Body& body, const std::string& prefix, FactSet& facts) {
  for (const auto& item : body.items) {
    if (const auto* p = std::get_if<ast::Property>(&item)) {
      auto value = literal_value(*p->value);
      if (!value) continue;
      Origin origin{Origin::Kind::Declared, p->range, {}, {}};
      // `pytorch@2.3` is also split so policies can compare name and version apart.
      if (const auto* v = p->value->as<ast::VersionedSymbol>()) {
        set_declared(facts, prefix + p->key + ".name", Value::symbol(v->name), origin);
        set_declared(facts, prefix + p->key + ".version", Value::string(v->version), origin);
      }
      set_declared(facts, prefix + p->key, std::move(*value), origin);
    } else if (const auto* b = std::get_if<std::unique_ptr<ast::Block>>(&item)) {
      add_declared((*b)->body, prefix + (*b)->key + ".", facts);
    }
  }
}

void set_default(FactSet& facts, std::string_view name, Value value, SourceRange at, Explanation why) {
  if (facts.find(name)) return;
  facts.set(name, std::move(value), Origin{Origin::Kind::Default, at, {}, std::move(why)});
}

// The training sequence length a stack uses when the workload does not say: fine-tuning
// cuts samples at LLaMA-Factory's cutoff_len (2048), never beyond the model's context;
// pre-training and serving use the model's whole context (inherited from the model).
void default_seq_len(FactSet& facts, const std::string& task, SourceRange at) {
  const Fact* declared = facts.find("workload.seq_len"_fact);
  if (task != "llm.finetune" || (declared && declared->origin.kind == Origin::Kind::Declared)) return;
  constexpr double kCutoffLen = 2048;
  double context = declared ? declared->value.quantity.value : kCutoffLen;
  facts.set("workload.seq_len"_fact, Value::number(std::min(kCutoffLen, context)),
            Origin{Origin::Kind::Default, at, {},
                   declared ? Explanation::format("LLaMA-Factory cutoff_len 2048 (the model's context is {:g})", context)
                            : "LLaMA-Factory cutoff_len 2048"});
}

// GPUs one copy of the job takes: tensor_parallel x pipeline_parallel, x data_parallel
// when the workload declares it. The deployment's GPUs must be a multiple of it
// (workload.parallelism-fits-gpus).
void add_parallel_gpus(FactSet& facts, SourceRange at) {
  auto degree = [&](FactKey key) {
    auto q = facts.quantity(key);
    return q && q->dimension.dimensionless() ? q->value : 1.0;
  };
  const double tp = degree("workload.tensor_parallel"_fact), pp = degree("workload.pipeline_parallel"_fact);
  const Fact* dp = facts.find("workload.data_parallel"_fact);
  const double replicas = dp ? degree("workload.data_parallel"_fact) : 1;
  facts.set("workload.parallel_gpus"_fact, Value::number(tp * pp * replicas),
            Origin{Origin::Kind::Derived, at, {},
                   dp ? Explanation::format("tensor_parallel {:g} x pipeline_parallel {:g} x data_parallel {:g}", tp, pp,
                                            replicas)
                      : Explanation::format("tensor_parallel {:g} x pipeline_parallel {:g}", tp, pp)});
}

}  // namespace

void add_workload_facts(const sema::Program& program, const sema::DeclEntry& workload, FactSet& facts,
                        std::optional<double> gpus, DiagnosticEngine& diags) {
  add_workload_base_facts(program, workload, facts);
  add_workload_memory_facts(*workload.decl, facts, gpus, diags);
}

void add_workload_base_facts(const sema::Program& program, const sema::DeclEntry& workload, FactSet& facts) {
  add_workload_name_fact(*workload.decl, facts);
  add_workload_body_facts(program, workload, facts);
}

void add_workload_name_fact(const ast::Declaration& workload, FactSet& facts) {
  facts.set("workload.name"_fact, Value::symbol(workload.name), Origin{Origin::Kind::Declared, workload.name_range, {}, {}});
}

void add_workload_body_facts(const sema::Program& program, const sema::DeclEntry& workload, FactSet& facts) {
  const ast::Declaration& decl = *workload.decl;
  add_declared(decl.body, "workload.", facts);

  // A model reference supplies the shape the workload does not declare itself.
  if (auto model = facts.symbol("workload.model"_fact)) {
    if (const auto* entry = program.find(*model)) {
      for (const char* property : {"params", "layers", "hidden", "heads", "kv_heads", "intermediate", "vocab", "seq_len"}) {
        std::string name = std::string("workload.") + property;
        if (facts.find(name)) continue;
        if (auto fact = catalog_property(*entry, property)) facts.set(name, fact->value, fact->origin);
      }
    }
  }

  SourceRange at = decl.name_range;
  const std::string task = facts.symbol("workload.task"_fact).value_or("");
  const bool inference_task = task == "llm.inference";
  const bool finetune = task == "llm.finetune";
  set_default(facts, "workload.precision", Value::symbol("bf16"), at, "schema default");
  set_default(facts, "workload.method", Value::symbol(inference_task ? "inference" : "full"), at,
              Explanation::literal(inference_task ? "llm.inference implies inference" : "schema default"));
  // One meaning of "trains": the task and the method must both train. A contradiction
  // (llm.inference with method = full) is a diagnostic at the property (sema); here the
  // inference side wins, so no inference estimate ever holds gradients or optimizer states.
  const bool trains = !inference_task && facts.symbol("workload.method"_fact) != "inference";
  facts.set("workload.trains"_fact, Value::flag(trains),
            Origin{Origin::Kind::Derived, at, {},
                   trains ? Explanation::format("task {} with method {}", task, facts.symbol("workload.method"_fact).value_or(""))
                          : Explanation::literal(inference_task ? "task llm.inference" : "method inference")});
  set_default(facts, "workload.optimizer", Value::symbol("adamw"), at, "Hugging Face Trainer default (adamw_torch)");
  set_default(facts, "workload.sharding", Value::symbol("none"), at, "schema default");
  set_default(facts, "workload.offload", Value::symbol("none"), at, "schema default");
  set_default(facts, "workload.tensor_parallel", Value::number(1), at, "schema default");
  set_default(facts, "workload.pipeline_parallel", Value::number(1), at, "schema default");
  add_parallel_gpus(facts, at);
  const auto method = facts.symbol("workload.method"_fact);
  if (method == "lora" || method == "qlora") {
    set_default(facts, "workload.lora.rank", Value::number(8), at, "LLaMA-Factory lora_rank = 8 (PEFT's r = 8 too)");
    set_default(facts, "workload.lora.targets", Value::symbol("all"), at,
                "LLaMA-Factory lora_target = all (PEFT's own default for Llama is q_proj, v_proj)");
  }
  set_default(facts, "workload.batch_size", Value::number(1), at,
              "micro-batch 1 per GPU, as LLaMA-Factory's example configs (per_device_train_batch_size: 1)");
  set_default(facts, "workload.recompute", Value::symbol(finetune ? "full" : "none"), at,
              Explanation::literal(
                  finetune ? "gradient checkpointing on: LLaMA-Factory's default (disable_gradient_checkpointing = false)"
                           : "no activation checkpointing: the Hugging Face Trainer and Megatron-LM default"));
  set_default(facts, "workload.attention", Value::symbol("sdpa"), at,
              "PyTorch SDPA: the Transformers default for torch >= 2.1.1 (no stored score matrix)");
  default_seq_len(facts, task, at);
  set_default(facts, "workload.stage", Value::symbol("experiment"), at, "schema default");
  set_default(facts, "workload.data", Value::symbol("internal"), at, "schema default");
  set_default(facts, "workload.preprocessing", Value::symbol("light"), at, "schema default");
  set_default(facts, "workload.first_project", Value::flag(false), at, "schema default");
}

}  // namespace gpuspec::facts
