#include "facts/resolve.h"

#include "facts/fact_builder.h"
#include "facts/fact_memo.h"
#include "facts/resolve_workload.h"
#include "facts/resolve_workload_memory.h"

namespace gpuspec::facts {

void resolve_server(FactBuilder& b);
void resolve_cloud(FactBuilder& b, const sema::DeclEntry* instance_override);
void resolve_compat(FactBuilder& b);  // resolve_compat.cpp: stdlib compatibility data, software and plans
void add_served_facts(FactBuilder& b);  // resolve_served.cpp: NVLink domain, whether a data set is read

bool has_facts(std::string_view kind) { return kind == "server" || kind == "cloud" || kind == "workload"; }

namespace {

// add_workload_facts through the program's memo (fact_memo.h), in the parts that depend
// on less than the whole deployment (issue 12): the declared, model and default facts
// (the workload alone), the estimate (those and the job's GPUs), its remedies (the
// estimate and the deployment's cards). Each is called with the workload's declaration,
// and the latter two with the GPUs as the estimator counts them, which their keys name
// as arguments (several gpu.count_total and gpu.vram are one to the estimator); the
// memo records what they read of the set.
void add_served_workload_facts(const sema::Program& program, const sema::DeclEntry& workload, FactSet& facts,
                               SourceRange at, DiagnosticEngine& diags, const FactMemo* memo) {
  auto key = [&](const char* part, auto... arguments) {
    std::string out(part);
    out.append(reinterpret_cast<const char*>(&workload), sizeof(&workload));
    (out.append(reinterpret_cast<const char*>(&arguments), sizeof(arguments)), ...);
    return out;
  };
  memoized(memo, key("workload"), program, at, facts, diags,
           [&](DiagnosticEngine&) { add_workload_base_facts(program, workload, facts); });
  auto count = facts.quantity("gpu.count_total"_fact);
  const double total = total_job_gpus(count ? std::optional(count->value) : std::nullopt);
  const int per_node = gpus_per_node(facts);
  memoized(memo, key("estimate", total, per_node), program, at, facts, diags, [&](DiagnosticEngine& reported) {
    add_workload_estimate_facts(*workload.decl, facts, total, per_node, reported);
  });
  const DeploymentGpus cards = deployment_gpus(facts);
  const double vram = cards.vram.value_or(-1);
  memoized(memo, key("remedies", total, cards.per_node, vram), program, at, facts, diags,
           [&](DiagnosticEngine&) { add_workload_remedy_facts(*workload.decl, facts, total, cards); });
}

FactSet resolve(const sema::Program& program, const sema::DeclEntry& entry, DiagnosticEngine& diags,
                const sema::DeclEntry* instance_override, const FactMemo* memo = nullptr) {
  const ast::Declaration& decl = *entry.decl;
  FactSet facts(decl.name, decl.kind);
  FactBuilder b(program, decl, facts);
  if (decl.kind == "workload") {
    add_workload_facts(program, entry, facts, std::nullopt, diags);
    return facts;
  }
  if (decl.kind == "server") resolve_server(b);
  if (decl.kind == "cloud") resolve_cloud(b, instance_override);
  // The served workload's facts come along, with the deployment's GPU count.
  if (std::string served = served_workload(decl); !served.empty()) {
    if (const auto* workload = program.find(served); workload && workload->decl->kind == "workload") {
      add_served_workload_facts(program, *workload, facts, decl.name_range, diags, memo);
    }
  }
  add_served_facts(b);

  resolve_compat(b);
  return facts;
}

}  // namespace

FactSet resolve_facts(const sema::Program& program, const sema::DeclEntry& entry, DiagnosticEngine& diags,
                      const FactMemo* memo) {
  return resolve(program, entry, diags, nullptr, memo);
}

FactSet resolve_facts_on_instance(const sema::Program& program, const sema::DeclEntry& declaration,
                                  const sema::DeclEntry& instance, DiagnosticEngine& diags) {
  return resolve(program, declaration, diags, &instance);
}

}  // namespace gpuspec::facts
