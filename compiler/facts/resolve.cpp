#include "facts/resolve.h"

#include <algorithm>

#include "facts/fact_builder.h"
#include "facts/resolve_workload.h"
#include "facts/resolve_workload_memory.h"

namespace gpuspec::facts {

void resolve_server(FactBuilder& b);
void resolve_cloud(FactBuilder& b, const sema::DeclEntry* instance_override);
void resolve_compat(FactBuilder& b);  // resolve_compat.cpp: stdlib compatibility data, software and plans
void add_served_facts(FactBuilder& b);  // resolve_served.cpp: NVLink domain, whether a data set is read

bool has_facts(std::string_view kind) { return kind == "server" || kind == "cloud" || kind == "workload"; }

namespace {

// Runs `add` on `facts` the first time (`fresh`), noting what it wrote and reported in
// `cached`; afterwards replays that. `add` must write facts only it writes: the replay
// sets each fact it noted with the value it ended with. A replayed fact is borrowed
// from the cache, not copied: the cache lives as long as the store holding the sets,
// and a copy of a set copies what it borrowed (fact.h). Copying ~30 values, origins
// and texts into every server was most of the replay's cost (issue 12).
template <class Add>
void through_cache(FactSet& facts, DiagnosticEngine& diags, WorkloadFacts& cached, bool fresh, Add add) {
  if (fresh) {
    std::vector<FactSet::Written> written;
    DiagnosticEngine reported;
    facts.journal(&written);
    add(reported);
    facts.journal(nullptr);
    std::vector<bool> seen(FactSchema::builtin().size(), false);
    for (auto& key : written) {
      if (key.id != kNoFactId) {
        if (seen[key.id]) continue;
        seen[key.id] = true;
      } else if (std::any_of(cached.facts.begin(), cached.facts.end(),
                             [&](const WorkloadFacts::Entry& e) { return e.key.id == kNoFactId && e.key.name == key.name; })) {
        continue;
      }
      const Fact* fact = facts.find(FactKey{key.id, key.name});
      if (fact) cached.facts.push_back({std::move(key), *fact});
    }
    cached.diagnostics = std::move(reported.diagnostics());
  } else {
    for (const auto& [key, fact] : cached.facts) facts.borrow(FactKey{key.id, key.name}, fact);
  }
  for (const auto& d : cached.diagnostics) diags.report(d.id, d.severity, d.range, d.message) = d;
}

// add_workload_facts through `cache`. The base facts read only the workload; the
// estimate reads them and the job's GPUs; the remedies read the estimate's input and
// the deployment's gpu.count and gpu.vram. All write only workload facts, which the
// deployment's own resolution never sets.
void add_served_workload_facts(const sema::Program& program, const sema::DeclEntry& workload, FactSet& facts,
                               std::optional<double> gpus, DiagnosticEngine& diags, WorkloadFactCache* cache) {
  if (!cache) {
    add_workload_facts(program, workload, facts, gpus, diags);
    return;
  }
  auto [base, fresh_base] = cache->base.try_emplace(&workload);
  through_cache(facts, diags, base->second, fresh_base,
                [&](DiagnosticEngine&) { add_workload_base_facts(program, workload, facts); });
  const double total_gpus = total_job_gpus(gpus);
  const int per_node = gpus_per_node(facts);
  auto [memory, fresh_memory] = cache->memory.try_emplace(WorkloadGpusKey{&workload, total_gpus, per_node});
  through_cache(facts, diags, memory->second, fresh_memory, [&](DiagnosticEngine& reported) {
    add_workload_estimate_facts(*workload.decl, facts, total_gpus, per_node, reported);
  });
  const DeploymentGpus deployment = deployment_gpus(facts);
  auto [remedies, fresh_remedies] = cache->remedies.try_emplace(WorkloadRemedyKey{&workload, total_gpus, deployment});
  through_cache(facts, diags, remedies->second, fresh_remedies, [&](DiagnosticEngine&) {
    add_workload_remedy_facts(*workload.decl, facts, total_gpus, deployment);
  });
}

FactSet resolve(const sema::Program& program, const sema::DeclEntry& entry, DiagnosticEngine& diags,
                const sema::DeclEntry* instance_override, WorkloadFactCache* cache = nullptr) {
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
      std::optional<double> gpus;
      if (auto total = facts.quantity("gpu.count_total"_fact)) gpus = total->value;
      add_served_workload_facts(program, *workload, facts, gpus, diags, cache);
    }
  }
  add_served_facts(b);

  resolve_compat(b);
  return facts;
}

}  // namespace

FactSet resolve_facts(const sema::Program& program, const sema::DeclEntry& entry, DiagnosticEngine& diags,
                      WorkloadFactCache* cache) {
  return resolve(program, entry, diags, nullptr, cache);
}

FactSet resolve_facts_on_instance(const sema::Program& program, const sema::DeclEntry& declaration,
                                  const sema::DeclEntry& instance, DiagnosticEngine& diags) {
  return resolve(program, declaration, diags, &instance);
}

}  // namespace gpuspec::facts
