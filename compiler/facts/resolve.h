// Resolves a server, cloud or workload declaration into its facts (docs/facts.md).
// A cloud deployment takes its GPU/CPU/memory facts from the
// instance type, so the same policies apply to cloud and on-premises.
#pragma once

#include <string>

#include "diag/diagnostic.h"
#include "facts/fact.h"
#include "sema/program.h"

namespace gpuspec::facts {

// The kinds that have facts: "server", "cloud", "workload".
bool has_facts(std::string_view kind);

class FactMemo;

// Assumes the program checked without errors in this declaration; missing or
// malformed values simply leave their facts out (a policy reading them stays silent).
// `memo` (of this program, fact_memo.h) keeps the served workload's facts between calls:
// the sets resolved with it borrow from it and must not outlive it.
FactSet resolve_facts(const sema::Program& program, const sema::DeclEntry& declaration, DiagnosticEngine& diags,
                      const FactMemo* memo = nullptr);

// The facts a cloud deployment would have on another catalog `instance` type, its
// served workload estimated on that instance's GPUs. For the lint engine's "instead"
// suggestions; `declaration` must be a cloud.
FactSet resolve_facts_on_instance(const sema::Program& program, const sema::DeclEntry& declaration,
                                  const sema::DeclEntry& instance, DiagnosticEngine& diags);

}  // namespace gpuspec::facts
