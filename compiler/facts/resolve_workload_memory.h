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

// The explanation of the workload.mem.* figure whose derivation line starts with
// `prefix` ("weights", "kv cache", "frugal bound"): that line of estimate_memory(input),
// or "<prefix>: none; <total_gpus> GPU(s), data parallel <n>, tensor parallel <t>".
// The facts hold it unformatted and format it here when a note prints it.
std::string estimate_step(const EstimatorInput& input, std::string_view prefix, double total_gpus);

}  // namespace gpuspec::facts
