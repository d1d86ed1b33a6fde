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

// The estimator on `total` GPUs (data parallel = total / tensor parallel), cached per
// count: the typical per-GPU estimate (above a card's VRAM: vram.fits-workload warns)
// and the frugal bound (above it: the rule's error).
class MemoryBound {
 public:
  MemoryBound(const sema::Program& program, const sema::DeclEntry& workload) : program_(program), workload_(workload) {}

  struct PerGpu {
    double typical = 0;  // bytes
    double frugal = 0;
  };
  // nullopt when the estimator has nothing to say (no params): nothing is pruned then.
  std::optional<PerGpu> per_gpu(int total_gpus);

 private:
  const sema::Program& program_;
  const sema::DeclEntry& workload_;
  std::map<int, std::optional<PerGpu>> cache_;
};

}  // namespace gpuspec::suggest
