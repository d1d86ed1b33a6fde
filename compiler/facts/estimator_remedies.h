// What would make a workload fit: estimator settings not already in effect, each
// with the typical per-GPU estimate it gives. `vram.fits-workload`'s hint is built
// from these, so it never suggests what the workload already does (docs/estimator.md,
// "Remedies").
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "facts/estimator.h"

namespace gpuspec::facts {

struct Remedy {
  std::string setting;                       // "recompute = full", "sharding = zero3"
  std::string technique;                     // "ZeRO-Offload", or empty
  std::function<void(EstimatorInput&)> apply;
  double per_gpu = 0;                        // the typical estimate with only this setting changed
};

// Every remedy that is not in effect and lowers the estimate, least invasive first.
// `gpus_per_node` bounds tensor parallelism (kept inside a node). `input` must be valid.
std::vector<Remedy> find_remedies(const EstimatorInput& input, int gpus_per_node);

// One clause for a finding's hint. With `vram` (one card): the remedies that fit
// alone ("recompute = full (61.2 GB) or sharding = zero3 (40.1 GB)"), else the
// smallest set that fits together, else that none does. Without `vram`, or when the
// job already fits: every remedy.
std::string describe_remedies(const EstimatorInput& input, int gpus_per_node, std::optional<double> vram);

}  // namespace gpuspec::facts
