#include "backends/cost/roofline.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <vector>

#include "facts/fact.h"

namespace gpuspec::cost {

namespace {

using facts::literals::operator""_fact;

std::optional<double> number(const facts::FactSet& f, facts::FactKey key) {
  if (auto q = f.quantity(key)) return q->value;
  return std::nullopt;
}

// A figure that is missing, zero, negative or not finite is no figure.
bool usable(const std::optional<double>& v) { return v && std::isfinite(*v) && *v > 0; }

}  // namespace

Attainable attainable(const StepWork& work, const Roof& roof) {
  Attainable a;
  if (!usable(roof.peak_flops)) {
    a.unknown = "no dense BF16 figure";
    return a;
  }
  if (!usable(roof.bandwidth)) {
    a.unknown = "no memory bandwidth figure";
    return a;
  }
  if (!(work.flops > 0) || !std::isfinite(work.flops) || !(work.bytes >= 0) || !std::isfinite(work.bytes)) {
    a.unknown = "no work in the step";
    return a;
  }
  if (work.bytes == 0) {  // nothing to move: the arithmetic alone limits it
    a.flops = *roof.peak_flops;
    return a;
  }
  const double memory_roof = work.flops / work.bytes * *roof.bandwidth;
  a.bandwidth_bound = memory_roof < *roof.peak_flops;
  a.flops = a.bandwidth_bound ? memory_roof : *roof.peak_flops;
  return a;
}

std::optional<StepWork> step_work(const facts::FactSet& f, std::string& why) {
  const std::string task = f.symbol("workload.task"_fact).value_or("");
  if (task.rfind("llm.", 0) != 0) {
    why = task.empty() ? "the workload names no task" : fmt::format("no step model for {}", task);
    return std::nullopt;
  }
  const auto params = number(f, "workload.params"_fact);
  const auto weights = number(f, "workload.mem.weights"_fact);
  if (!usable(params) || !usable(weights)) {
    why = "no parameter count or memory estimate";
    return std::nullopt;
  }
  // Each GPU of a tensor- or pipeline-parallel group holds that share of the model.
  const double shards = number(f, "workload.tensor_parallel"_fact).value_or(1) * number(f, "workload.pipeline_parallel"_fact).value_or(1);
  const double batch = number(f, "workload.batch_size"_fact).value_or(1);
  const double per_gpu_params = *params / std::max(shards, 1.0);
  const facts::Fact* trains = f.find("workload.trains"_fact);
  StepWork w;
  if (trains && trains->value.boolean) {
    const auto seq_len = number(f, "workload.seq_len"_fact);
    if (!usable(seq_len)) {
      why = "no sequence length";
      return std::nullopt;
    }
    w.flops = 6 * per_gpu_params * batch * *seq_len;
    // Every term the estimator holds on the GPU is written once and read once a step; a
    // term it did not give leaves the bytes unknown, never a smaller figure.
    double held = 0;
    for (facts::FactKey term : {"workload.mem.weights"_fact, "workload.mem.gradients"_fact,
                                "workload.mem.optimizer"_fact, "workload.mem.activations"_fact}) {
      const auto bytes = number(f, term);
      if (!bytes) {
        why = fmt::format("no {} estimate", term.name);
        return std::nullopt;
      }
      held += *bytes;
    }
    w.bytes = 2 * held;
  } else {
    w.decode = true;
    w.flops = 2 * per_gpu_params * batch;
    const auto kv_cache = number(f, "workload.mem.kv_cache"_fact);
    if (!kv_cache) {
      why = "no workload.mem.kv_cache estimate";
      return std::nullopt;
    }
    w.bytes = *weights + *kv_cache;
  }
  return w;
}

Throughput throughput_of(const facts::FactSet& f) {
  Throughput t;
  t.gpu = f.symbol("gpu.model"_fact).value_or("");
  t.gpus = number(f, "gpu.count_total"_fact).value_or(0);
  t.roof.peak_flops = number(f, "gpu.fp16_tflops"_fact);
  t.roof.bandwidth = number(f, "gpu.memory_bandwidth"_fact);
  t.step = step_work(f, t.step_unknown);
  if (t.step) {
    t.per_gpu = attainable(*t.step, t.roof);
  } else if (usable(t.roof.peak_flops)) {
    t.per_gpu.flops = *t.roof.peak_flops;  // compared at peak: the describe() and time_change() say so
  } else {
    t.per_gpu.unknown = "no dense BF16 figure";
  }
  return t;
}

std::string Throughput::describe() const {
  std::string text = gpu.empty() ? "unknown GPUs" : fmt::format("{:g} x {}", gpus, gpu);
  text += usable(roof.peak_flops) ? fmt::format(" ({:.4g} dense BF16 TFLOPS", *roof.peak_flops * gpus / 1e12)
                                  : std::string(" (no dense BF16 figure");
  text += usable(roof.bandwidth) ? fmt::format(", {:g} GB/s each)", *roof.bandwidth / 1e9)
                                 : std::string(", no memory bandwidth figure)");
  if (!per_gpu.flops) return text + fmt::format(": no estimate, {}", per_gpu.unknown);
  if (!step) return text + fmt::format(": compared at peak, {}", step_unknown);
  const double intensity = step->bytes > 0 ? step->flops / step->bytes : 0;
  // Three significant figures, whole numbers from 1,000 up ("95.8", "5512").
  const std::string per_byte = intensity < 1000 ? fmt::format("{:.3g}", intensity) : fmt::format("{:.0f}", intensity);
  const char* step_name = step->decode ? "decode" : "training";
  if (!per_gpu.bandwidth_bound) {
    return text + (step->bytes > 0 ? fmt::format(": {} compute bound at {} FLOPs per byte", step_name, per_byte)
                                   : fmt::format(": {} compute bound", step_name));
  }
  return text + fmt::format(": {} bandwidth bound at {} FLOPs per byte, {:.3g} TFLOPS per GPU", step_name, per_byte,
                            *per_gpu.flops / 1e12);
}

std::string time_change(const Throughput& from, const Throughput& to, bool trains) {
  const char* unit = trains ? "time per epoch" : "time per request";
  auto a = from.total();
  auto b = to.total();
  if (!a || !b) {
    std::vector<std::string> missing;
    for (const Throughput* t : {&from, &to}) {
      if (t->total()) continue;
      const std::string who = t->gpu.empty() ? "unknown GPUs" : t->gpu;
      const std::string what = t->per_gpu.unknown.empty() ? "no GPU count" : t->per_gpu.unknown;
      if (missing.empty() || missing.back() != who + ": " + what) missing.push_back(who + ": " + what);
    }
    return fmt::format("{} unknown ({})", unit, fmt::join(missing, "; "));
  }
  const double change = std::round((*a / *b - 1) * 100);
  const char* at_peak = from.step && to.step ? "" : " at peak TFLOPS";
  if (change == 0) return fmt::format("the same {}{}", unit, at_peak);
  return fmt::format("{:+.0f} % {}{}", change, unit, at_peak);
}

}  // namespace gpuspec::cost
