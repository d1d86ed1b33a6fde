// The estimate's texts formatted when read (issue 12) say exactly what the eager ones
// said: estimate_figures gives estimate_memory's figures, and estimate_step gives the
// derivation line the workload.mem.* facts used to hold, picked from estimate_memory's
// steps as add_workload_memory_facts did before. Over the estimator's unit cases and a
// grid of every method, sharding, offload, recompute, attention, parallelism and shape.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "facts/estimate_step_reference.h"
#include "facts/estimator.h"
#include "facts/resolve_workload_memory.h"
#include "facts/fact_key.h"

namespace gpuspec::facts {
namespace {

using reference::eager_step;


std::vector<EstimatorInput> inputs() {
  std::vector<EstimatorInput> out;
  // The estimator's unit cases: Llama-2-7B with its shape, DeepSpeed's t5-3b example,
  // the QLoRA paper's 65B, and a shapeless 7B.
  EstimatorInput llama{.params = 7e9, .attention = Attention::Eager, .seq_len = 4096, .batch_size = 1,
                       .layers = 32, .hidden = 4096, .heads = 32};
  EstimatorInput t5{.params = 2851e6, .precision = Precision::FP16, .data_parallel = 8,
                    .largest_layer_params = 32e6};
  EstimatorInput qlora{.params = 65e9, .precision = Precision::INT4, .method = Method::Qlora,
                       .recompute = Recompute::Full, .seq_len = 512, .batch_size = 1, .layers = 80,
                       .hidden = 8192, .heads = 64, .vocab = 32000};
  EstimatorInput shapeless{.params = 7e9};
  for (const EstimatorInput& base : {llama, t5, qlora, shapeless}) {
    for (Method method : {Method::Full, Method::Freeze, Method::Lora, Method::Qlora, Method::Inference}) {
      for (Sharding sharding : {Sharding::None, Sharding::Zero1, Sharding::Zero2, Sharding::Zero3, Sharding::Fsdp}) {
        for (Offload offload : {Offload::None, Offload::Cpu}) {
          for (Recompute recompute : {Recompute::None, Recompute::Selective, Recompute::Full}) {
            for (int tp : {1, 2}) {
              EstimatorInput input = base;
              input.method = method;
              input.sharding = sharding;
              input.offload = offload;
              input.recompute = recompute;
              input.tensor_parallel = tp;
              input.seq_len_is_default = tp == 2;
              input.kv_heads = tp == 2 && input.heads ? std::optional(*input.heads / 4) : std::nullopt;
              if (input.attention == Attention::Eager && tp == 2) input.attention = Attention::Flash2;
              if (validate_input(input).empty()) out.push_back(input);
            }
          }
        }
      }
    }
  }
  return out;
}

TEST(EstimateText, FiguresAreTheFullEstimatesWithoutItsDerivation) {
  const auto all = inputs();
  ASSERT_GT(all.size(), 500u);
  for (const EstimatorInput& input : all) {
    const MemoryEstimate eager = estimate_memory(input);
    const MemoryEstimate figures = estimate_figures(input);
    EXPECT_FALSE(eager.steps.empty());
    EXPECT_TRUE(figures.steps.empty());
    // Bit for bit: the same arithmetic in the same order.
    EXPECT_EQ(figures.weights, eager.weights);
    EXPECT_EQ(figures.gradients, eager.gradients);
    EXPECT_EQ(figures.optimizer, eager.optimizer);
    EXPECT_EQ(figures.activations, eager.activations);
    EXPECT_EQ(figures.workspace, eager.workspace);
    EXPECT_EQ(figures.kv_cache, eager.kv_cache);
    EXPECT_EQ(figures.overhead, eager.overhead);
    EXPECT_EQ(figures.per_gpu, eager.per_gpu);
    EXPECT_EQ(figures.frugal_per_gpu, eager.frugal_per_gpu);
    EXPECT_EQ(figures.total, eager.total);
    EXPECT_EQ(figures.shape_terms_included, eager.shape_terms_included);
    EXPECT_EQ(estimate_per_gpu(input), eager.per_gpu);
  }
}

TEST(EstimateText, EveryStepReadsAsTheEagerLine) {
  std::size_t none = 0, found = 0;
  for (const EstimatorInput& input : inputs()) {
    const double total_gpus = input.data_parallel * input.tensor_parallel;
    for (const char* prefix :
         {"weights", "gradients", "optimizer", "activations", "workspace", "kv cache", "overhead", "frugal bound"}) {
      const std::string eager = eager_step(input, prefix, total_gpus);
      EXPECT_EQ(estimate_step(input, prefix, total_gpus), eager) << prefix;
      (eager.find(": none; ") != std::string::npos ? none : found)++;
    }
  }
  // Both kinds of text were compared: lines of the derivation and "none" for absent terms.
  EXPECT_GT(found, 1000u);
  EXPECT_GT(none, 100u);
}

// Through the fact model: each figure's explanation is still unformatted after the
// estimate, and reads as the eager line; so do the basis texts of per_gpu and total.
TEST(EstimateText, WorkloadMemoryFactsHoldTheirStepsUnformatted) {
  ast::Declaration decl{.kind = "workload", .name = "w"};
  for (double gpus : {1.0, 8.0}) {
    FactSet facts("w", "workload");
    const Origin declared{Origin::Kind::Declared, {}, {}, {}};
    facts.set("workload.params"_fact, Value::number(7e9), declared);
    facts.set("workload.trains"_fact, Value::flag(true), declared);
    facts.set("workload.sharding"_fact, Value::symbol("zero3"), declared);
    facts.set("workload.layers"_fact, Value::number(32), declared);
    facts.set("workload.hidden"_fact, Value::number(4096), declared);
    facts.set("workload.heads"_fact, Value::number(32), declared);
    facts.set("workload.seq_len"_fact, Value::number(2048), declared);
    facts.set("workload.batch_size"_fact, Value::number(1), declared);
    DiagnosticEngine diags;
    add_workload_memory_facts(decl, facts, gpus, diags);
    ASSERT_TRUE(diags.diagnostics().empty());
    EstimatorInput input{.params = 7e9, .sharding = Sharding::Zero3, .data_parallel = static_cast<int>(gpus),
                         .seq_len = 2048, .batch_size = 1, .layers = 32, .hidden = 4096, .heads = 32};
    for (const auto& [name, prefix] : reference::kStepFigures) {
      const Fact* fact = facts.find(name);
      ASSERT_NE(fact, nullptr) << name;
      EXPECT_TRUE(fact->origin.explanation.deferred()) << name;
      EXPECT_EQ(fact->origin.explanation.str(), eager_step(input, prefix, gpus)) << name;
    }
    const std::string basis = fmt::format("{} GPU(s), data parallel {}, tensor parallel 1", gpus, gpus);
    EXPECT_EQ(facts.find("workload.mem.total"_fact)->origin.explanation.str(), "per GPU x every GPU of the job; " + basis);
    EXPECT_EQ(facts.find("workload.mem.per_gpu"_fact)->origin.explanation.str(),
              fmt::format("typical estimate, the sum of the per-GPU figures; {}; assumes {}", basis,
                          *facts.symbol("workload.mem.assumptions"_fact)));
  }
}

}  // namespace
}  // namespace gpuspec::facts
