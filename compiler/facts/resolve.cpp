#include "facts/resolve.h"

#include "facts/fact_builder.h"
#include "facts/resolve_workload.h"

namespace gpuspec::facts {

void resolve_server(FactBuilder& b);
void resolve_cloud(FactBuilder& b, const sema::DeclEntry* instance_override);
void resolve_compat(FactBuilder& b);  // resolve_compat.cpp: stdlib compatibility data, software and plans

bool has_facts(std::string_view kind) { return kind == "server" || kind == "cloud" || kind == "workload"; }

namespace {

std::optional<double> value_of(const FactSet& facts, std::string_view name) {
  auto q = facts.quantity(name);
  return q ? std::optional(q->value) : std::nullopt;
}

// add_workload_facts through `cache`: it reads only the workload and the deployment's
// gpu.count and gpu.vram (besides `gpus`), and writes only facts of its own.
void add_served_workload_facts(const sema::Program& program, const sema::DeclEntry& workload, FactSet& facts,
                               std::optional<double> gpus, DiagnosticEngine& diags, WorkloadFactCache* cache) {
  if (!cache) {
    add_workload_facts(program, workload, facts, gpus, diags);
    return;
  }
  WorkloadFactKey key{&workload, gpus, value_of(facts, "gpu.count"), value_of(facts, "gpu.vram")};
  auto it = cache->find(key);
  if (it == cache->end()) {
    FactSet scratch(facts.declaration(), facts.kind());
    for (const char* seed : {"gpu.count", "gpu.vram"}) {
      if (const Fact* fact = facts.find(seed)) scratch.set(seed, fact->value, fact->origin);
    }
    DiagnosticEngine scratch_diags;
    add_workload_facts(program, workload, scratch, gpus, scratch_diags);
    WorkloadFacts made;
    // The seeds are the deployment's own (their origins point into it), not the workload's.
    for (const auto& [name, fact] : scratch.sorted()) {
      if (name != "gpu.count" && name != "gpu.vram") made.facts.emplace_back(std::string(name), *fact);
    }
    made.diagnostics = std::move(scratch_diags.diagnostics());
    it = cache->emplace(std::move(key), std::move(made)).first;
  }
  for (const auto& [name, fact] : it->second.facts) facts.set(name, fact.value, fact.origin);
  for (const auto& d : it->second.diagnostics) diags.report(d.id, d.severity, d.range, d.message) = d;
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
