// The workload a search serves: what the candidates are sized to (trains or serves,
// data set, horizon), read from the fact model, and the memory estimator's figures per
// GPU for each GPU count, as vram.fits-workload reads them.
#pragma once

#include <map>
#include <memory>
#include <optional>
#include <string>

#include "diag/diagnostic.h"
#include "facts/estimator.h"
#include "facts/fact.h"
#include "sema/program.h"

namespace gpuspec::suggest {

struct WorkloadView {
  const sema::DeclEntry* entry = nullptr;
  std::string name;
  bool trains = false;
  std::optional<double> dataset_bytes;
  std::optional<double> horizon_months;
  std::optional<units::Quantity> budget;  // the workload's own `budget`
  // The estimator's input when the job offloads its states to the host (its host
  // memory per node depends on the nodes: offload_host_bytes), else nullopt.
  std::optional<facts::EstimatorInput> offload_input;
  // The workload's facts as a deployment serving it reads them (workload.trains,
  // workload.dataset ...), for deciding the rules' guards and bounds (lint/bounds.h).
  // Without the estimator's workload.mem.*: those depend on the GPUs and nodes, which
  // sizing sets for each build it sizes (facts::add_workload_base_facts).
  std::shared_ptr<const facts::FactSet> facts;
};

// Host memory one node needs for the offloaded states (memory.offload-fits-host reads the
// same figure, workload.mem.host_offload) on `nodes` nodes of `per_node` GPUs; 0 when the
// job does not offload.
double offload_host_bytes(const WorkloadView& workload, int per_node, int nodes);

WorkloadView view_workload(const sema::Program& program, const sema::DeclEntry& workload);

// The workload's facts on a number of GPUs in all (facts::add_workload_facts: its memory
// estimate, workload.mem.*, depends on how many GPUs share the model), kept per count for
// one search: the VRAM prune asks the rule over them (search.cpp).
class WorkloadOnGpus {
 public:
  WorkloadOnGpus(const sema::Program& program, const sema::DeclEntry& workload) : program_(program), workload_(workload) {}

  const facts::FactSet& on(int total_gpus);

 private:
  const sema::Program& program_;
  const sema::DeclEntry& workload_;
  std::map<int, std::unique_ptr<facts::FactSet>> cache_;
};

}  // namespace gpuspec::suggest
