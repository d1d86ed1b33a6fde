#include "eval/checker.h"

#include <gtest/gtest.h>

#include "eval/test_support.h"

namespace gpuspec::eval {
namespace {

using testing::Parsed;

struct ErrorCase {
  const char* expr;
  const char* id;
  const char* range;  // the text the diagnostic's range covers
  const char* message;
  const char* hint;   // "" = not checked
};

TEST(Check, ReportsEachMistakeAtItsSubExpression) {
  const std::vector<ErrorCase> cases = {
      {"memory.totl >= 1 GB", "unknown-fact", "memory.totl", "unknown fact 'memory.totl'",
       "did you mean 'memory.total'?"},
      {"workload.precison == fp8", "unknown-fact", "workload.precison", "unknown fact 'workload.precison'",
       "did you mean 'workload.precision'?"},
      {"memory.totl == 5 GB", "unknown-fact", "memory.totl", "unknown fact 'memory.totl'", ""},
      {"fp8 in [bf16, fp16]", "unknown-fact", "fp8", "unknown fact 'fp8'", ""},
      {"memory.total >= 2 * gpu.board_power", "unit-mismatch", "memory.total >= 2 * gpu.board_power",
       "cannot compare bytes with power", ""},
      {"gpu.count >= 1 and memory.total + 5 W > 0 GB", "unit-mismatch", "memory.total + 5 W",
       "cannot add power to bytes", ""},
      {"min(memory.total, cpu.tdp) > 1 GB", "unit-mismatch", "cpu.tdp", "min() of bytes and power", ""},
      {"gpu.vram in [40 GB, 300 W]", "unit-mismatch", "300 W", "cannot compare bytes with power", ""},
      {"workload.precision == fp9", "unknown-symbol", "fp9", "'fp9' is not a value workload.precision can take",
       "did you mean 'fp8'? workload.precision takes fp32, tf32, fp16, bf16, fp8, int8, int4"},
      {"gpu.link in [nvlink_bridge, nvswich]", "unknown-symbol", "nvswich",
       "'nvswich' is not a value gpu.link can take", ""},
      {"gpu.count + workload.precision > 1", "type-mismatch", "workload.precision",
       "arithmetic needs quantities, but 'workload.precision' is a symbol", ""},
      {"not memory.total", "type-mismatch", "memory.total", "'not' needs a condition, but 'memory.total' is bytes", ""},
      {"ceil(memory.total) > 1", "type-mismatch", "memory.total",
       "ceil() takes a plain number, but 'memory.total' is bytes", ""},
      {"count(gpu.count) > 1", "type-mismatch", "gpu.count", "count() takes a list, but 'gpu.count' is a number", ""},
      {"site.region == \"cn\"", "type-mismatch", "site.region == \"cn\"", "cannot compare a symbol with a string", ""},
      {"gpu.count in gpu.vram", "type-mismatch", "gpu.vram", "'in' needs a list on the right, but 'gpu.vram' is bytes", ""},
      {"frob(1) > 1", "unknown-function", "frob", "unknown function 'frob'", ""},
      {"memory.total >= 5 GX", "unknown-unit", "GX", "unknown unit 'GX'", ""},
      {"4 x nvidia.a100 == gpu.count", "type-mismatch", "4 x nvidia.a100", "", ""},
  };
  for (const auto& c : cases) {
    Parsed p(c.expr);
    if (!p.ok()) continue;
    DiagnosticEngine diags;
    check_condition(p.expr(), "require", FactSchema::builtin(), diags);
    ASSERT_EQ(diags.diagnostics().size(), 1u) << c.expr << ": " << (diags.diagnostics().empty() ? "" : diags.diagnostics()[0].message);
    const Diagnostic& d = diags.diagnostics()[0];
    EXPECT_EQ(d.id, c.id) << c.expr;
    EXPECT_EQ(p.slice(d.range), c.range) << c.expr;
    if (*c.message) {
      EXPECT_EQ(d.message, c.message) << c.expr;
    }
    if (*c.hint) {
      EXPECT_EQ(d.hint.value_or(""), c.hint) << c.expr;
    }
  }
}

TEST(Check, UnitMismatchNotesNameBothSides) {
  Parsed p("memory.total >= 2 * gpu.board_power");
  DiagnosticEngine diags;
  check_condition(p.expr(), "require", FactSchema::builtin(), diags);
  ASSERT_EQ(diags.diagnostics().size(), 1u);
  const auto& notes = diags.diagnostics()[0].notes;
  ASSERT_EQ(notes.size(), 2u);
  EXPECT_EQ(notes[0].message, "'memory.total' is bytes");
  EXPECT_EQ(p.slice(notes[0].range), "memory.total");
  EXPECT_EQ(notes[1].message, "'2 * gpu.board_power' is power");
  EXPECT_EQ(p.slice(notes[1].range), "2 * gpu.board_power");
}

TEST(Check, UnknownFactOffersAFix) {
  Parsed p("memory.totl >= 1 GB");
  DiagnosticEngine diags;
  check_condition(p.expr(), "when", FactSchema::builtin(), diags);
  ASSERT_EQ(diags.diagnostics().size(), 1u);
  ASSERT_EQ(diags.diagnostics()[0].fixits.size(), 1u);
  EXPECT_EQ(diags.diagnostics()[0].fixits[0].replacement, "memory.total");
}

TEST(Check, RequireAndWhenMustBeConditions) {
  const std::vector<std::pair<const char*, const char*>> cases = {
      {"memory.total", "'require' must be a condition, but this is bytes"},
      {"2 * gpu.count", "'require' must be a condition, but this is a number"},
      {"workload.precision", "'require' must be a condition, but this is a symbol"},
      {"software.cuda", "'require' must be a condition, but this is a string"},
  };
  for (const auto& [expr, message] : cases) {
    Parsed p(expr);
    DiagnosticEngine diags;
    EXPECT_FALSE(check_condition(p.expr(), "require", FactSchema::builtin(), diags));
    ASSERT_EQ(diags.diagnostics().size(), 1u) << expr;
    EXPECT_EQ(diags.diagnostics()[0].id, "type-mismatch");
    EXPECT_EQ(diags.diagnostics()[0].message, message);
    EXPECT_EQ(p.slice(diags.diagnostics()[0].range), expr);
  }
}

TEST(Check, AcceptsThePolicyPackShapes) {
  for (const char* expr : {
           "memory.total >= 2 * gpu.vram_total",
           "gpu.count >= 1",
           "gpu.count_total >= 2 and gpu.link in [nvlink_bridge, nvswitch]",
           "workload.precision == fp8",
           "fp8 == workload.precision",
           "workload.precision != fp8 or gpu.fp8",
           "workload.task in [llm.finetune, llm.pretrain] and workload.params >= 7B",
           "dcgm in software.monitoring",
           "power.full_load * 1.5 <= psu.capacity",
           "psu.mode == redundant and psu.capacity_one_failed >= power.full_load",
           "gpu.model in [nvidia.a100_80gb_sxm, nvidia.h100_80gb_sxm]",
           "workload.mem.per_gpu <= gpu.vram",
           "gpu.vram_total >= 1.2 * workload.mem.model_weights",
           "ceil(workload.params / 1B) >= 7",
           "site.region == cn and gpu.class == datacenter",
           "cpu.cores_total >= 2 * gpu.count",
           "max(cpu.base_clock, cpu.boost_clock) > 3 GHz",
           "storage.data.read_bw > 5 GB/s",
           "storage.data.kind == nvme_ssd",
           "storage.data.capacity >= max(4 TB, 2 * workload.dataset)",
           "memory.speed >= 4800 MT/s and memory.type == ddr5",
           "budget >= cost.capex",
           "deploy.kind == cloud and workload.data == confidential",
           "workload.horizon < 6 months",
           "utilization <= 60%",
           "not gpu.ecc",
           "workload.software.framework.name == pytorch",
           "(gpu.count >= 4) and (gpu.board_power >= 350 W)",
           "count([gpu.vram, memory.total]) >= 1",
           "sum([gpu.vram, 16 GB]) > 1 GB",
       }) {
    Parsed p(expr);
    if (!p.ok()) continue;
    DiagnosticEngine diags;
    EXPECT_TRUE(check_condition(p.expr(), "require", FactSchema::builtin(), diags))
        << expr << ": " << (diags.diagnostics().empty() ? "" : diags.diagnostics()[0].message);
  }
}

TEST(FactSchema, CoversTheResolvedFacts) {
  const auto& schema = FactSchema::builtin();
  for (const char* name : {"gpu.count", "gpu.model", "gpu.vram", "gpu.vram_total", "gpu.board_power",
                           "gpu.board_power_total", "gpu.class", "gpu.ecc", "gpu.fp8", "gpu.nvlink", "gpu.arch",
                           "gpu.link", "cpu.sockets", "cpu.cores_total", "cpu.base_clock", "cpu.boost_clock",
                           "cpu.memory_channels", "cpu.tdp_total", "memory.total", "memory.type", "memory.speed",
                           "memory.dimms", "memory.dimm_size", "storage.data.kind", "storage.data.capacity",
                           "storage.data.read_bw", "storage.data.raid", "storage.system.kind",
                           "storage.checkpoint.present", "storage.archive.present", "power.full_load",
                           "psu.capacity", "psu.efficiency", "psu.mode", "cooling.kind", "chassis.form", "nodes",
                           "network.fabric", "network.bandwidth", "site.region", "workload.precision",
                           "workload.mem.weights", "workload.mem.gradients", "workload.mem.optimizer",
                           "workload.mem.activations", "workload.mem.per_gpu", "workload.mem.total", "cost.capex",
                           "cost.hourly", "cost.total_over_horizon", "cost.breakeven_months", "budget",
                           "deploy.kind"}) {
    EXPECT_NE(schema.find(name), nullptr) << name;
  }
  // Symbols come from the sema property schemas the facts are read from.
  const auto* precision = schema.find("workload.precision");
  ASSERT_NE(precision, nullptr);
  EXPECT_EQ(precision->type.kind, FactType::Kind::Symbol);
  EXPECT_EQ(precision->type.symbols.size(), 7u);
  const auto* raid = schema.find("storage.data.raid");
  ASSERT_NE(raid, nullptr);
  EXPECT_FALSE(raid->type.symbols.empty());
  const auto* link = schema.find("gpu.link");
  ASSERT_NE(link, nullptr);
  EXPECT_EQ(link->type.symbols.size(), 5u);  // none pcie nvlink_bridge nvlink nvswitch
  EXPECT_EQ(schema.find("memory.total")->type.dimension, units::Dimension::data());
}

}  // namespace
}  // namespace gpuspec::eval
