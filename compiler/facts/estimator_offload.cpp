// Host memory and NVMe that offloaded training states need, per node, after DeepSpeed's
// own estimators (deepspeed/runtime/zero/stage3.py estimate_zero3_model_states_mem_needs
// and stage_1_and_2.py estimate_zero2_model_states_mem_needs, which the
// *_all_live/*_all_cold helpers call with additional_buffer_factor = 1.5) and, for NVMe,
// the pinned swap buffers of DeepSpeed's default offload configuration.
#include <fmt/format.h>

#include <algorithm>
#include <stdexcept>

#include "facts/estimator_detail.h"
#include "facts/estimator_formulas.h"

namespace gpuspec::facts {
namespace {

using detail::format_bytes;
using detail::format_count;

// DeepSpeed's estimators multiply the host figure by additional_buffer_factor = 1.5.
constexpr double kBufferFactor = 1.5;
// zero2 with cpu_offload: cpu_mem = P x max(4 x total_gpus, 16) x 1.5; the 4 B per GPU
// process is DeepSpeed's own term.
constexpr double kPerProcessBytes = 4;
// offload_config.py defaults: the optimizer swapper keeps buffer_count = 4 fp32 buffers
// of the largest sub-group partition (zero/config.py sub_group_size = 1e9 elements;
// swap_tensor/optimizer_utils.py), the parameter swapper buffer_count = 5 buffers of
// buffer_size = 1e8 16-bit elements (swap_tensor/partitioned_param_swapper.py), all
// pinned, per GPU process.
constexpr double kOptimizerSwapBuffers = 4;
constexpr double kSubGroupElements = 1e9;
constexpr double kParamSwapBuffers = 5;
constexpr double kParamSwapElements = 1e8;

bool offloads_params(Sharding sharding) { return sharding == Sharding::Zero3 || sharding == Sharding::Fsdp; }

}  // namespace

HostOffload estimate_host_offload(const EstimatorInput& input, int gpus_per_node, int nodes, bool derive) {
  if (auto problems = validate_input(input); !problems.empty()) throw std::invalid_argument(problems.front());
  HostOffload out;
  if (input.offload == Offload::None || !trains(input.method) || input.sharding == Sharding::None) return out;
  gpus_per_node = std::max(1, gpus_per_node);
  nodes = std::max(1, nodes);
  const double total_gpus = static_cast<double>(gpus_per_node) * nodes;
  const double trainable = trainable_params(input);
  const double frozen_bytes = input.method == Method::Full ? 0
                              : input.method == Method::Freeze
                                  ? (input.params - trainable) * formulas::training_weight_bytes(input.precision)
                                  : formulas::stored_weight_bytes(input);
  // Per trainable parameter on the host: the fp32 gradient partition, the fp32 master
  // copy (mixed precision) and the optimizer's states: DeepSpeed's 16 for AdamW.
  const double master = formulas::is_mixed_precision(input.precision) ? 4 : 0;
  const double states = formulas::kZeroFp32GradientBytes + master +
                        formulas::optimizer_state_bytes(input.optimizer, input.hidden);
  const double weight = formulas::training_weight_bytes(input.precision);
  const bool zero3 = offloads_params(input.sharding);

  // The offloaded states themselves, per node: ZeRO-3 moves the parameters too (its 18 =
  // 2 + 16 per parameter, divided over the nodes), ZeRO-1/2 the optimizer side only.
  const double held = zero3 ? (trainable * (weight + states) + frozen_bytes) / nodes : trainable * states / nodes;
  std::string held_text =
      zero3 ? fmt::format("({} trainable params x {:g} B [{:g} weights + {:g} states] + frozen {}) / {} node{}",
                          format_count(trainable), weight + states, weight, states, format_bytes(frozen_bytes), nodes,
                          nodes == 1 ? "" : "s")
            : fmt::format("{} trainable params x {:g} B [fp32 gradients, master, {} states] / {} node{}",
                          format_count(trainable), states, name(input.optimizer), nodes, nodes == 1 ? "" : "s");

  if (input.offload == Offload::Cpu) {
    out.host_states = held;
    // DeepSpeed's estimate (zero_init for ZeRO-3: Transformers loads a ZeRO-3 model
    // under deepspeed.zero.Init).
    out.host = zero3 ? held * kBufferFactor
                     : trainable * std::max(kPerProcessBytes * total_gpus, states) * kBufferFactor;
    if (derive) {
      out.steps.push_back(fmt::format("offloaded states on the host: {} = {} [{}]", held_text, format_bytes(held),
                                      zero3 ? detail::kDeepSpeedZero3 : detail::kDeepSpeedZero12));
      out.steps.push_back(
          zero3 ? fmt::format("host RAM: states x {:g} buffer factor = {} [{}]", kBufferFactor, format_bytes(out.host),
                              detail::kDeepSpeedOffload)
                : fmt::format("host RAM: {} trainable params x max(4 B x {:g} GPUs, {:g} B) x {:g} buffer factor = {} [{}]",
                              format_count(trainable), total_gpus, states, kBufferFactor, format_bytes(out.host),
                              detail::kDeepSpeedOffload));
    }
    return out;
  }

  // NVMe: the states go to the drive; the host keeps the pinned swap buffers of every
  // GPU process of the node.
  out.nvme = held;
  const double partition = std::min(kSubGroupElements, trainable / total_gpus);
  const double optimizer_buffers = kOptimizerSwapBuffers * partition * 4;
  const double param_buffers = zero3 ? kParamSwapBuffers * kParamSwapElements * 2 : 0;
  out.host = out.host_states = (optimizer_buffers + param_buffers) * gpus_per_node;
  if (derive) {
    out.steps.push_back(fmt::format("offloaded states on NVMe: {} = {} [{}]", held_text, format_bytes(held),
                                    zero3 ? detail::kDeepSpeedZero3 : detail::kDeepSpeedZero12));
    out.steps.push_back(fmt::format(
        "host RAM: pinned swap buffers per GPU ({:g} x {} fp32 optimizer elements{}) x {} GPUs = {} [{}]",
        kOptimizerSwapBuffers, format_count(partition),
        zero3 ? fmt::format(" + {:g} x {} 16-bit parameter elements", kParamSwapBuffers, format_count(kParamSwapElements))
              : "",
        gpus_per_node, format_bytes(out.host), detail::kDeepSpeedSwap));
  }
  return out;
}

}  // namespace gpuspec::facts
