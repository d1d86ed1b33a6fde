// The served workload's facts as the fact store hands them out (issue 12: cached per
// workload, per job's GPUs and per card, replayed by borrowing from the cache, the
// estimate's derivation formatted only when read) are exactly the facts the workload
// resolves to on its own, uncached; and every figure's explanation reads as the line
// the eager estimator wrote. On every declaration of every example spec.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <vector>

#include <unistd.h>

#include "driver/load_spec.h"
#include "driver/session.h"
#include "facts/estimate_step_reference.h"
#include "facts/estimator.h"
#include "facts/fact_store.h"
#include "facts/resolve.h"
#include "facts/resolve_workload_memory.h"

namespace gpuspec::driver {
namespace {

using facts::reference::eager_step;

namespace fs = std::filesystem;


void expect_same_fact(const facts::Fact& cached, const facts::Fact& alone, std::string_view context) {
  EXPECT_EQ(cached.value.display(), alone.value.display()) << context;
  EXPECT_EQ(cached.value.type, alone.value.type) << context;
  EXPECT_EQ(cached.origin.kind, alone.origin.kind) << context;
  EXPECT_EQ(cached.origin.range.file, alone.origin.range.file) << context;
  EXPECT_EQ(cached.origin.range.begin, alone.origin.range.begin) << context;
  EXPECT_EQ(cached.origin.range.end, alone.origin.range.end) << context;
  EXPECT_EQ(cached.origin.entry, alone.origin.entry) << context;
  EXPECT_EQ(cached.origin.explanation.str(), alone.origin.explanation.str()) << context;
}

TEST(ServedWorkloadFacts, CachedAndLazyAsResolvedAloneAndEagerOnEveryExample) {
  Session session(LibraryOptions{});
  ASSERT_TRUE(session.library_diagnostics().empty());
  std::size_t compared = 0, steps = 0, declarations = 0;
  // Each declaration as the lint engine gets it from the fact store (the memo on).
  auto compare = [&](const sema::Program& program, const sema::DeclEntry& entry, const facts::FactSet& store_facts) {
    ++declarations;
    DiagnosticEngine scratch;
    const facts::FactSet alone = facts::resolve_facts(program, entry, scratch);  // no cache
    std::size_t workload_facts = 0;
    for (const auto& [name, fact] : alone.sorted()) {
      if (!name.starts_with("workload.")) continue;
      ++workload_facts;
      const std::string context = fmt::format("{} {}", entry.decl->name, name);
      const facts::Fact* cached = store_facts.find(name);
      ASSERT_NE(cached, nullptr) << context;
      expect_same_fact(*cached, *fact, context);
      ++compared;
    }
    std::size_t cached_workload_facts = 0;
    for (const auto& [name, fact] : store_facts.sorted()) cached_workload_facts += name.starts_with("workload.");
    EXPECT_EQ(cached_workload_facts, workload_facts) << entry.decl->name;

    // The figures' explanations against the eager derivation of the same input.
    auto workload_name = store_facts.symbol(facts::fact_key("workload.name"));
    const sema::DeclEntry* workload = workload_name ? program.find(*workload_name) : nullptr;
    if (!workload || !store_facts.find(facts::fact_key("workload.mem.weights"))) return;
    std::optional<double> gpus;
    if (entry.decl->kind != "workload") {
      if (auto total = store_facts.quantity(facts::fact_key("gpu.count_total"))) gpus = total->value;
    }
    const double total_gpus = facts::total_job_gpus(gpus);
    const auto input = facts::workload_estimator_input(*workload->decl, store_facts, total_gpus);
    ASSERT_TRUE(input) << entry.decl->name;
    for (const auto& [name, prefix] : facts::reference::kStepFigures) {
      EXPECT_EQ(store_facts.find(facts::fact_key(name))->origin.explanation.str(),
                eager_step(*input, prefix, total_gpus))
          << entry.decl->name << " " << name;
      ++steps;
    }
  };
  std::vector<fs::path> paths;
  for (const auto& file : fs::recursive_directory_iterator(fs::path(GPUSPEC_SOURCE_DIR) / "examples")) {
    if (file.path().extension() == ".gpuspec") paths.push_back(file.path());
  }
  EXPECT_GE(paths.size(), 20u);
  // The examples serve most workloads once: one file where servers of two workloads
  // share a job size but not a card (or the reverse), fit it or not, so the cache hits.
  const fs::path shared = fs::temp_directory_path() / fmt::format("gpuspec-served-{}.gpuspec", ::getpid());
  {
    std::ofstream out(shared);
    out << "workload big { task = llm.finetune; model = models.llama2_7b; params = 7B; sharding = zero3; "
           "batch_size = 4 }\n"
           "workload small { task = llm.inference; params = 13B; precision = fp16; batch_size = 8; seq_len = 4096 }\n"
           "workload offloaded { task = llm.finetune; model = models.llama2_13b; sharding = zero3; offload = cpu }\n";
    int n = 0;
    for (const char* workload : {"big", "small"}) {
      for (const char* gpu : {"nvidia.rtx_4090", "nvidia.a100_80gb_pcie", "nvidia.l40s", "nvidia.rtx_4090"}) {
        for (int count : {1, 2, 4, 8, 2}) {
          out << fmt::format("server s{} {{\n  serves = {}\n  gpu = {} x {}\n  cpu = 1 x amd.epyc_9354\n"
                                 "  memory = 4 x generic.ddr5_32gb_4800\n}}\n",
                                 n++, workload, count, gpu);
        }
      }
    }
    // Offload's host memory is per node: the same 8 GPUs as 1 x 8, 2 x 4 and 4 x 2 must
    // each get their own figure, never one another's from the cache.
    for (auto [nodes, per_node] : {std::pair{1, 8}, std::pair{2, 4}, std::pair{4, 2}, std::pair{2, 4}, std::pair{1, 8}}) {
      out << fmt::format("server s{} {{\n  serves = offloaded\n  nodes = {}\n  gpu = {} x nvidia.a100_80gb_pcie\n"
                             "  cpu = 1 x amd.epyc_9354\n  memory = 4 x generic.ddr5_32gb_4800\n}}\n",
                             n++, nodes, per_node);
    }
  }
  paths.push_back(shared);
  for (const auto& path : paths) {
    DiagnosticEngine diags;
    std::string io_error;
    auto spec = load_spec(session, path.string(), diags, &io_error);
    ASSERT_TRUE(spec) << io_error;
    facts::FactStore store(spec->program);
    for (const sema::DeclEntry* entry : spec->program.user_declarations()) {
      if (facts::has_facts(entry->decl->kind) && !spec->broken.count(entry->decl)) {
        compare(spec->program, *entry, store.resolve(*entry, diags));
      }
    }
  }
  fs::remove(shared);
  EXPECT_GE(declarations, 20u);
  EXPECT_GT(compared, 1500u);
  EXPECT_GT(steps, 400u);
}

}  // namespace
}  // namespace gpuspec::driver
