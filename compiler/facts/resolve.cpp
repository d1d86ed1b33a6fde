#include "facts/resolve.h"

#include "facts/fact_builder.h"
#include "facts/resolve_workload.h"

namespace gpuspec::facts {

void resolve_server(FactBuilder& b);
void resolve_cloud(FactBuilder& b, const sema::DeclEntry* instance_override);
void resolve_compat(FactBuilder& b);  // resolve_compat.cpp: stdlib compatibility data, software and plans

bool has_facts(std::string_view kind) { return kind == "server" || kind == "cloud" || kind == "workload"; }

namespace {

FactSet resolve(const sema::Program& program, const sema::DeclEntry& entry, DiagnosticEngine& diags,
                const sema::DeclEntry* instance_override) {
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
      if (auto total = facts.quantity("gpu.count_total")) gpus = total->value;
      add_workload_facts(program, *workload, facts, gpus, diags);
    }
  }

  resolve_compat(b);
  return facts;
}

}  // namespace

FactSet resolve_facts(const sema::Program& program, const sema::DeclEntry& entry, DiagnosticEngine& diags) {
  return resolve(program, entry, diags, nullptr);
}

FactSet resolve_facts_on_instance(const sema::Program& program, const sema::DeclEntry& declaration,
                                  const sema::DeclEntry& instance, DiagnosticEngine& diags) {
  return resolve(program, declaration, diags, &instance);
}

}  // namespace gpuspec::facts
