// Resolves a server, cloud or workload declaration into its facts (docs/facts.md).
// A cloud deployment takes its GPU/CPU/memory facts from the
// instance type, so the same policies apply to cloud and on-premises.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "diag/diagnostic.h"
#include "facts/fact.h"
#include "facts/resolve_workload_memory.h"
#include "sema/program.h"

namespace gpuspec::facts {

// The kinds that have facts: "server", "cloud", "workload".
bool has_facts(std::string_view kind);

// The served workload's facts as a deployment gets them, kept by what they depend on
// (issue 12): its declared, model and default facts by the workload alone (every server
// of a workload shares them), its memory estimate by the workload and the job's GPU
// count, its remedies besides by the deployment's GPUs per node and one card's VRAM
// (resolve_workload_memory.h). Each is what the resolver wrote, replayed by fact id
// (borrowed: the sets resolved with a cache must not outlive it); the diagnostics are
// replayed on every use. A cache belongs to one FactStore, which one thread uses at a time.
struct WorkloadFacts {
  struct Entry {
    FactSet::Written key;
    Fact fact;
  };
  std::vector<Entry> facts;
  std::vector<Diagnostic> diagnostics;
};
// The workload, its job's GPUs (>= 1) and the GPUs of one node (offload's host memory is per node).
using WorkloadGpusKey = std::tuple<const sema::DeclEntry*, double, int>;
using WorkloadRemedyKey = std::tuple<const sema::DeclEntry*, double, DeploymentGpus>;
struct WorkloadFactCache {
  std::map<const sema::DeclEntry*, WorkloadFacts> base;  // declared, model and defaults
  std::map<WorkloadGpusKey, WorkloadFacts> memory;       // the estimate on the job's GPUs
  std::map<WorkloadRemedyKey, WorkloadFacts> remedies;   // its remedies on the deployment's cards
};

// Assumes the program checked without errors in this declaration; missing or
// malformed values simply leave their facts out (a policy reading them stays silent).
// `cache` (of this program) keeps the served workload's facts between calls.
FactSet resolve_facts(const sema::Program& program, const sema::DeclEntry& declaration, DiagnosticEngine& diags,
                      WorkloadFactCache* cache = nullptr);

// The facts a cloud deployment would have on another catalog `instance` type, its
// served workload estimated on that instance's GPUs. For the lint engine's "instead"
// suggestions; `declaration` must be a cloud.
FactSet resolve_facts_on_instance(const sema::Program& program, const sema::DeclEntry& declaration,
                                  const sema::DeclEntry& instance, DiagnosticEngine& diags);

}  // namespace gpuspec::facts
