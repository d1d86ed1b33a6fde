// How fast a GPU runs the workload, by the roofline model: attainable throughput =
// min(peak dense BF16 FLOP/s, arithmetic intensity x memory bandwidth), where the
// intensity is the FLOPs of one step over the bytes it moves to and from the GPU's memory
// (NVIDIA, "GPU Performance Background User's Guide": math-limited above the GPU's
// ops:byte ratio, memory-limited below it). suggest's time per epoch (or per request)
// compares two options by it, and quote scales the cloud's instance-hours to the
// server's work by it (compare.cpp): one model for both. The method, its terms and its sources: docs/suggest.md,
// "Time per epoch".
//
// One step is one micro-batch on one GPU:
//  - training: 6 x N / (tp x pp) x batch_size x seq_len FLOPs (Kaplan et al. 2020: ~6N per
//    token, forward and backward), against each per-GPU term of the memory estimator
//    (weights, gradients, optimizer states, activations) written once and read once;
//  - serving: one decode step, 2 x N / (tp x pp) x batch_size FLOPs (one token for each
//    sequence of the batch) against the weights and the KV cache read once.
// Only transformer tasks (llm.*) have a step here; for another task the intensity is not
// known and options compare at peak, which the report says. A GPU without a peak or a
// bandwidth figure has no estimate, and the report says which figure it lacks: a missing
// figure is never read as zero or as unlimited.
#pragma once

#include <optional>
#include <string>

namespace gpuspec::facts {
class FactSet;
}

namespace gpuspec::cost {

// The work of one step on one GPU.
struct StepWork {
  double flops = 0;  // floating-point operations
  double bytes = 0;  // bytes read from and written to the GPU's memory
  bool decode = false;  // a serving decode step, not a training step
};

// One GPU's two roofs; nullopt where the catalog has no figure.
struct Roof {
  std::optional<double> peak_flops;  // dense BF16 FLOP/s (gpu.fp16_tflops)
  std::optional<double> bandwidth;   // bytes/s (gpu.memory_bandwidth)
};

struct Attainable {
  std::optional<double> flops;  // FLOP/s on the step; nullopt when unknown
  bool bandwidth_bound = false; // below the GPU's ops:byte ratio
  std::string unknown;          // why `flops` is unknown: "no dense BF16 figure", ...
};

// min(peak, flops / bytes x bandwidth). Work that moves no bytes runs at the peak; work
// of no FLOPs, or a roof that is missing, zero or negative, has no estimate.
Attainable attainable(const StepWork& work, const Roof& roof);

// The workload's step on one GPU from the candidate's facts; nullopt, with `why`, when the
// workload gives no transformer step (another task, or no parameter count or estimate).
std::optional<StepWork> step_work(const facts::FactSet& facts, std::string& why);

// An option's throughput: its GPUs, their roofs, and what each attains on the step.
struct Throughput {
  std::string gpu;   // catalog name, "" when unknown
  double gpus = 0;   // over every node or instance
  Roof roof;
  std::optional<StepWork> step;  // nullopt: the intensity is unknown (see step_unknown)
  std::string step_unknown;
  Attainable per_gpu;            // with no step: the peak (compute bound assumed)
  std::optional<double> total() const {
    return per_gpu.flops && gpus > 0 ? std::optional(*per_gpu.flops * gpus) : std::nullopt;
  }
  // "1 x nvidia.l4 (121 dense BF16 TFLOPS, 300 GB/s): bandwidth bound at 48 FLOPs per
  // byte, 14.4 TFLOPS per GPU"
  std::string describe() const;
};

Throughput throughput_of(const facts::FactSet& facts);

// "-50 % time per epoch" (or "per request" for a workload that only serves) from two
// options' attainable throughput, "... at peak TFLOPS" when the step is unknown, and
// "time per epoch unknown (nvidia.l20: no dense BF16 figure)" when a GPU lacks a figure.
std::string time_change(const Throughput& from, const Throughput& to, bool trains = true);

}  // namespace gpuspec::cost
