#include "facts/estimator_remedies.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <bit>

#include "facts/estimator_formulas.h"

namespace gpuspec::facts {
namespace {

std::string gb(double bytes) { return fmt::format("{:.1f} GB", bytes / 1e9); }

void add(std::vector<Remedy>& out, std::string setting, std::function<void(EstimatorInput&)> apply,
         std::string technique = {}) {
  out.push_back({std::move(setting), std::move(technique), std::move(apply), 0});
}

std::vector<Remedy> candidates(const EstimatorInput& input, int gpus_per_node) {
  std::vector<Remedy> out;
  const int total_gpus = input.data_parallel * input.tensor_parallel;
  const bool tensor_parallel_possible = gpus_per_node >= 2 && input.tensor_parallel == 1;
  auto tensor_parallel = [gpus_per_node](EstimatorInput& in) {
    const int total = in.data_parallel * in.tensor_parallel;
    in.tensor_parallel = gpus_per_node;
    in.data_parallel = std::max(1, total / gpus_per_node);
  };
  if (!trains(input.method)) {
    if (input.batch_size.value_or(1) > 1) add(out, "batch_size = 1", [](EstimatorInput& in) { in.batch_size = 1; });
    if (tensor_parallel_possible) add(out, fmt::format("tensor_parallel = {}", gpus_per_node), tensor_parallel);
    if (bytes_per_element(input.precision) > 1) {
      add(out, "precision = int8", [](EstimatorInput& in) { in.precision = Precision::INT8; });
    }
    if (bytes_per_element(input.precision) > 0.5) {
      add(out, "precision = int4", [](EstimatorInput& in) { in.precision = Precision::INT4; });
    }
    return out;
  }
  if (input.recompute != Recompute::Full) {
    add(out, "recompute = full", [](EstimatorInput& in) { in.recompute = Recompute::Full; });
  }
  if (input.batch_size.value_or(1) > 1) add(out, "batch_size = 1", [](EstimatorInput& in) { in.batch_size = 1; });
  if (input.data_parallel >= 2 && input.sharding != Sharding::Zero3 && input.sharding != Sharding::Fsdp) {
    add(out, fmt::format("sharding = zero3 over {} GPUs", input.data_parallel),
        [](EstimatorInput& in) { in.sharding = Sharding::Zero3; });
  }
  if (input.optimizer == Optimizer::AdamW || input.optimizer == Optimizer::Adam) {
    add(out, "optimizer = adamw_8bit", [](EstimatorInput& in) { in.optimizer = Optimizer::AdamW8bit; });
  }
  // ZeRO-Offload needs ZeRO: a job without sharding gets zero2 with it (one GPU is enough).
  if (input.offload == Offload::None) {
    const bool zero3 = input.sharding == Sharding::Zero3 || input.sharding == Sharding::Fsdp;
    add(
        out, input.sharding == Sharding::None ? "sharding = zero2 + offload = cpu" : "offload = cpu",
        [](EstimatorInput& in) {
          if (in.sharding == Sharding::None) in.sharding = Sharding::Zero2;
          in.offload = Offload::Cpu;
        },
        zero3 ? "ZeRO-Infinity" : "ZeRO-Offload");
  }
  if (tensor_parallel_possible && total_gpus >= gpus_per_node) {
    add(out, fmt::format("tensor_parallel = {}", gpus_per_node), tensor_parallel);
  }
  if (input.method == Method::Full || input.method == Method::Freeze) {
    add(out, "method = lora", [](EstimatorInput& in) { in.method = Method::Lora; });
  }
  if (input.method != Method::Qlora) {
    add(out, "method = qlora", [](EstimatorInput& in) { in.method = Method::Qlora; });
  }
  return out;
}

double estimate_with(const EstimatorInput& input, const std::function<void(EstimatorInput&)>& apply) {
  EstimatorInput changed = input;
  apply(changed);
  if (!validate_input(changed).empty()) return estimate_per_gpu(input);
  return estimate_per_gpu(changed);
}

std::string listed(const std::vector<const Remedy*>& remedies, std::string_view separator) {
  std::string out;
  for (const auto* r : remedies) {
    if (!out.empty()) out += separator;
    out += r->technique.empty() ? fmt::format("{} ({})", r->setting, gb(r->per_gpu))
                                : fmt::format("{} ({}: {})", r->setting, r->technique, gb(r->per_gpu));
  }
  return out;
}

// The estimate with every remedy whose bit is set in `mask`, applied in order.
std::optional<double> combined_estimate(const EstimatorInput& input, const std::vector<Remedy>& remedies,
                                        unsigned mask) {
  EstimatorInput combined = input;
  for (std::size_t i = 0; i < remedies.size(); ++i) {
    if (mask & (1u << i)) remedies[i].apply(combined);
  }
  if (!validate_input(combined).empty()) return std::nullopt;
  return estimate_per_gpu(combined);
}

}  // namespace

std::vector<Remedy> find_remedies(const EstimatorInput& input, int gpus_per_node) {
  const double current = estimate_per_gpu(input);
  std::vector<Remedy> out;
  for (auto& remedy : candidates(input, gpus_per_node)) {
    remedy.per_gpu = estimate_with(input, remedy.apply);
    if (remedy.per_gpu < current) out.push_back(std::move(remedy));
  }
  return out;
}

std::string describe_remedies(const EstimatorInput& input, int gpus_per_node, std::optional<double> vram) {
  const std::vector<Remedy> remedies = find_remedies(input, gpus_per_node);
  if (remedies.empty()) return "no setting of the workload lowers the estimate";
  std::vector<const Remedy*> chosen;
  if (!vram || estimate_per_gpu(input) <= *vram) {
    for (const auto& r : remedies) chosen.push_back(&r);
    return "settings that lower it: " + listed(chosen, ", ");
  }
  for (const auto& r : remedies) {
    if (r.per_gpu <= *vram) chosen.push_back(&r);
  }
  if (!chosen.empty()) return "it fits with " + listed(chosen, " or ");
  // No single setting is enough: the smallest set that fits (at most 2^9 estimates;
  // among sets of one size the least invasive, in the order of `candidates`).
  const std::size_t n = remedies.size();
  for (std::size_t size = 2; size <= n; ++size) {
    for (unsigned mask = 0; mask < (1u << n); ++mask) {
      if (static_cast<std::size_t>(std::popcount(mask)) != size) continue;
      auto per_gpu = combined_estimate(input, remedies, mask);
      if (!per_gpu || *per_gpu > *vram) continue;
      std::vector<std::string> settings;
      for (std::size_t i = 0; i < n; ++i) {
        if (mask & (1u << i)) settings.push_back(remedies[i].setting);
      }
      return fmt::format("no single setting fits; together {} need {}", fmt::join(settings, ", "), gb(*per_gpu));
    }
  }
  auto all = combined_estimate(input, remedies, (1u << n) - 1);
  return fmt::format("no setting fits one card, even all of them together ({})", all ? gb(*all) : "not computable");
}

}  // namespace gpuspec::facts
