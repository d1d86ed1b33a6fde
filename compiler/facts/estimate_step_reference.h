// Test-only reference for the lazily formatted estimate texts (issue 12): the line
// add_workload_memory_facts formatted eagerly before its texts were deferred, and the
// workload.mem.* facts that carry one. Shared by facts/estimate_text_test.cpp (the
// estimator alone) and driver/served_workload_facts_test.cpp (through the fact store).
#pragma once

#include <fmt/format.h>

#include <string>
#include <string_view>
#include <utility>

#include "facts/estimator.h"

namespace gpuspec::facts::reference {

// The derivation line starting with `prefix`, or "<prefix>: none; <basis>".
inline std::string eager_step(const EstimatorInput& input, std::string_view prefix, double total_gpus) {
  const MemoryEstimate estimate = estimate_memory(input);
  for (const auto& s : estimate.steps) {
    if (s.starts_with(prefix)) return s;
  }
  return fmt::format("{}: none; {} GPU(s), data parallel {}, tensor parallel {}", prefix, total_gpus,
                     input.data_parallel, input.tensor_parallel);
}

// Each workload.mem.* figure and the prefix of its derivation line.
inline constexpr std::pair<const char*, const char*> kStepFigures[] = {
    {"workload.mem.weights", "weights"},     {"workload.mem.gradients", "gradients"},
    {"workload.mem.optimizer", "optimizer"}, {"workload.mem.activations", "activations"},
    {"workload.mem.workspace", "workspace"}, {"workload.mem.kv_cache", "kv cache"},
    {"workload.mem.overhead", "overhead"},   {"workload.mem.frugal_per_gpu", "frugal bound"}};

}  // namespace gpuspec::facts::reference
