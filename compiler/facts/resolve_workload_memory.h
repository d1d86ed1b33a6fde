// Internal: workload.mem.* facts, the memory estimator run on a workload's facts.
#pragma once

#include <optional>

#include "ast/ast.h"
#include "diag/diagnostic.h"
#include "facts/estimator.h"
#include "facts/fact.h"

namespace gpuspec::facts {

// Runs the estimator on the workload.* facts already in `facts` (declared, model and
// defaults) and adds workload.mem.*, workload.trainable_params and the hint clauses.
// `gpus` is how many GPUs the deployment gives the job; gpu.count and gpu.vram, when
// the deployment's facts hold them, bound tensor parallelism and select the remedies
// that fit. Problems with the inputs are diagnostics at the workload's name.
void add_workload_memory_facts(const ast::Declaration& decl, FactSet& facts, std::optional<double> gpus,
                               DiagnosticEngine& diags);

// add_workload_memory_facts in the two parts its results depend on (issue 12), so a
// cache can key each by what it reads: the estimate, its what-ifs, clauses and the
// host memory of offload by the workload, the job's GPUs and the GPUs of one node
// (add_workload_estimate_facts; false when nothing was estimated), the remedies
// besides by one card's VRAM (add_workload_remedy_facts, which reports nothing).
double total_job_gpus(std::optional<double> gpus);  // what `gpus` means to the estimator: at least 1
int gpus_per_node(const FactSet& facts);            // gpu.count of the deployment, else 1
struct DeploymentGpus {
  int per_node = 1;             // gpu.count, bounds tensor parallelism
  std::optional<double> vram;   // gpu.vram of one card, in bytes; infinite when the estimate fits it
  friend auto operator<=>(const DeploymentGpus&, const DeploymentGpus&) = default;
};
// Read after add_workload_estimate_facts (it compares workload.mem.per_gpu with the card).
DeploymentGpus deployment_gpus(const FactSet& facts);
bool add_workload_estimate_facts(const ast::Declaration& decl, FactSet& facts, double total_gpus, int per_node,
                                 DiagnosticEngine& diags);
void add_workload_remedy_facts(const ast::Declaration& decl, FactSet& facts, double total_gpus,
                               const DeploymentGpus& deployment);

// The estimator's input of the workload facts in `facts` on `total_gpus` GPUs, as
// add_workload_estimate_facts reads it; nullopt when it estimates nothing. Reports nothing.
std::optional<EstimatorInput> workload_estimator_input(const ast::Declaration& decl, const FactSet& facts,
                                                       double total_gpus);

// The explanation of the workload.mem.* figure whose derivation line starts with
// `prefix` ("weights", "kv cache", "frugal bound"): that line of estimate_memory(input),
// or "<prefix>: none; <total_gpus> GPU(s), data parallel <n>, tensor parallel <t>".
// The facts hold it unformatted and format it here when a note prints it.
std::string estimate_step(const EstimatorInput& input, std::string_view prefix, double total_gpus);

}  // namespace gpuspec::facts
