// Internal: workload.* facts (declared properties, model shape, estimator).
#pragma once

#include <optional>

#include "diag/diagnostic.h"
#include "facts/fact.h"
#include "sema/program.h"

namespace gpuspec::facts {

// Adds `workload.*` facts of `workload` to `facts`. `gpus` is how many GPUs the
// deployment gives the job (nullopt for a workload on its own: one GPU).
void add_workload_facts(const sema::Program& program, const sema::DeclEntry& workload, FactSet& facts,
                        std::optional<double> gpus, DiagnosticEngine& diags);

// The part of add_workload_facts that depends on the workload alone: its declared
// properties, its model's shape and the defaults (everything but the memory estimate,
// add_workload_memory_facts). Reports nothing.
void add_workload_base_facts(const sema::Program& program, const sema::DeclEntry& workload, FactSet& facts);
// The same but workload.name, set first by the base facts: what depends on the
// declaration's body alone (the memo keys the served workload by its body's text).
void add_workload_body_facts(const sema::Program& program, const sema::DeclEntry& workload, FactSet& facts);
void add_workload_name_fact(const ast::Declaration& workload, FactSet& facts);

}  // namespace gpuspec::facts
