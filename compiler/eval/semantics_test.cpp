// The policy language's meaning, value by value, through the compiled programs that
// run it (eval/compiled.h): what each construct gives, Unknown and the three-valued
// logic, judging, the power-assertion trace, and which facts a result reads.
#include <gtest/gtest.h>

#include "eval/compiled.h"

#include "eval/test_support.h"

namespace gpuspec::eval {
namespace {

using testing::Parsed;
using testing::server_facts;
using testing::spec;

Outcome evaluate(const ast::Expr& expr, const facts::FactSet& facts) { return CompiledExpr::compile(expr).evaluate(facts); }

struct Case {
  const char* expr;
  const char* expected;  // Outcome::display()
};

void expect_cases(const std::vector<Case>& cases) {
  auto facts = server_facts();
  for (const auto& c : cases) {
    Parsed p(c.expr);
    if (!p.ok()) continue;
    EXPECT_EQ(evaluate(p.expr(), facts).display(), c.expected) << c.expr;
  }
}

TEST(Evaluate, ArithmeticWithUnits) {
  expect_cases({
      {"memory.total", "256 GB"},
      {"2 * gpu.vram_total", "640 GB"},
      {"memory.total + 64 GB", "320 GB"},
      {"2 * gpu.vram_total - memory.total", "384 GB"},
      {"gpu.vram_total / gpu.count", "80 GB"},
      {"gpu.board_power * gpu.count", "1.6 kW"},
      {"psu.capacity / power.full_load", "1.5"},
      {"-memory.total", "-256 GB"},
      {"(memory.total + 64 GB) * 2", "640 GB"},
      {"60%", "0.6"},
      {"7B / 1M", "7000"},
      {"1 TiB", "1 TiB"},
      {"\"12.1\"", "\"12.1\""},
      {"pytorch@2.3 == pytorch@2.3", "true"},
  });
}

TEST(Evaluate, ArithmeticErrors) {
  expect_cases({
      {"1 / 0", "error: division by zero"},
      {"budget + cost.capex", "error: cannot combine CNY with USD without an exchange rate"},
      {"memory.total + gpu.board_power", "error: cannot combine bytes with power"},
      {"memory.total + workload.precision", "error: arithmetic and ordering need quantities, not a symbol"},
      {"nonsense.fact", "error: unknown fact 'nonsense.fact'"},
      {"5 GX", "error: unknown unit 'GX'"},
  });
}

TEST(Evaluate, Comparisons) {
  expect_cases({
      {"memory.total >= 2 * gpu.vram_total", "false"},
      {"memory.total < 1 TB", "true"},
      {"memory.total <= 256 GB", "true"},
      {"memory.total > 256 GB", "false"},
      {"gpu.count == 4", "true"},
      {"gpu.count != 4", "false"},
      {"power.full_load * 1.5 <= psu.capacity", "true"},
      {"workload.precision == bf16", "true"},
      {"workload.precision != fp8", "true"},
      {"fp8 == workload.precision", "false"},
      {"software.cuda == \"12.1\"", "true"},
      {"gpu.ecc == true", "true"},
      {"memory.total == 256 W", "error: cannot compare bytes with power"},
      {"workload.precision == \"bf16\"", "error: cannot compare a symbol with a string"},
  });
}

TEST(Evaluate, Membership) {
  expect_cases({
      {"gpu.link in [nvlink_bridge, nvswitch]", "true"},
      {"gpu.link in [none, pcie]", "false"},
      {"gpu.model in [nvidia.a100_80gb_sxm, nvidia.h100_80gb_sxm]", "true"},
      {"dcgm in software.monitoring", "true"},
      {"grafana in software.monitoring", "false"},
      {"gpu.count in [1, 2, 4]", "true"},
      {"gpu.vram in [40 GB, 80 GB]", "true"},
      {"workload.precision in [fp8, int8] or gpu.ecc", "true"},
  });
}

TEST(Evaluate, Calls) {
  expect_cases({
      {"min(memory.total, gpu.vram_total)", "256 GB"},
      {"max(memory.total, gpu.vram_total)", "320 GB"},
      {"max(1, 2, 3)", "3"},
      {"min([3, 1, 2])", "1"},
      {"ceil(2.1)", "3"},
      {"floor(2.9)", "2"},
      {"ceil(gpu.vram_total / 48 GB)", "7"},
      {"sum([80 GB, 40 GB])", "120 GB"},
      {"count(software.monitoring)", "2"},
      {"count([])", "0"},
      {"ceil(memory.total)", "error: ceil() takes one plain number"},
      {"min(memory.total, gpu.board_power)", "error: cannot combine bytes with power"},
      {"frob(1)", "error: unknown function 'frob'"},
  });
}

TEST(Evaluate, MissingFactsAreUnknown) {
  // workload.mem.* is in the schema but not in these facts: the fact does not apply.
  expect_cases({
      {"workload.mem.per_gpu", "unknown"},
      {"workload.mem.per_gpu <= gpu.vram", "unknown"},
      {"2 * workload.mem.per_gpu", "unknown"},
      {"max(workload.mem.per_gpu, 1 GB)", "unknown"},
      {"not workload.mem.shape_known", "unknown"},
      {"workload.task in [llm.finetune, llm.pretrain]", "unknown"},
      {"[workload.task] == [llm.finetune]", "unknown"},
  });
  auto facts = server_facts();
  Parsed p("workload.mem.per_gpu <= gpu.vram");
  EXPECT_EQ(evaluate(p.expr(), facts).missing, "workload.mem.per_gpu");
}

// T = true, F = false, U = a missing boolean fact.
TEST(Evaluate, ThreeValuedLogic) {
  const std::vector<std::pair<std::string, std::string>> operands = {
      {"T", "gpu.ecc"}, {"F", "not gpu.ecc"}, {"U", "workload.mem.shape_known"}};
  auto expected = [](char a, char op, char b) -> std::string {
    auto is = [](char x, char v) { return x == v; };
    if (op == '&') {
      if (is(a, 'F') || is(b, 'F')) return "false";
      if (is(a, 'U') || is(b, 'U')) return "unknown";
      return "true";
    }
    if (is(a, 'T') || is(b, 'T')) return "true";
    if (is(a, 'U') || is(b, 'U')) return "unknown";
    return "false";
  };
  // Spelled out, so the table is the documentation: Unknown and false = false,
  // Unknown or true = true, otherwise Unknown.
  EXPECT_EQ(expected('U', '&', 'F'), "false");
  EXPECT_EQ(expected('U', '|', 'T'), "true");
  EXPECT_EQ(expected('U', '&', 'T'), "unknown");
  EXPECT_EQ(expected('U', '|', 'F'), "unknown");
  auto facts = server_facts();
  for (const auto& [a, ea] : operands) {
    for (const auto& [b, eb] : operands) {
      for (char op : {'&', '|'}) {
        std::string text = "(" + ea + ") " + (op == '&' ? "and" : "or") + " (" + eb + ")";
        Parsed p(text);
        EXPECT_EQ(evaluate(p.expr(), facts).display(), expected(a[0], op, b[0])) << a << " " << op << " " << b;
      }
    }
    Parsed p("not (" + ea + ")");
    EXPECT_EQ(evaluate(p.expr(), facts).display(), a == "T" ? "false" : a == "F" ? "true" : "unknown") << "not " << a;
  }
  // A deciding operand wins over an error on the other side, too.
  expect_cases({
      {"not gpu.ecc and 1 / 0 > 1", "false"},
      {"gpu.ecc or 1 / 0 > 1", "true"},
      {"workload.mem.shape_known and 1 / 0 > 1", "error: division by zero"},
      {"gpu.count and gpu.ecc", "error: 'and' needs booleans, not a quantity"},
  });
}

std::vector<std::string> texts(const std::vector<Term>& terms) {
  std::vector<std::string> out;
  for (const auto& t : terms) out.push_back(t.text);
  return out;
}

TEST(Trace, PowerAssertion) {
  auto facts = server_facts();
  Parsed p("memory.total >= 2 * gpu.vram_total");
  const CompiledExpr program = CompiledExpr::compile(p.expr());
  EXPECT_TRUE(program.evaluate(facts).is_false());
  const std::vector<Term> terms = program.trace(facts);
  EXPECT_EQ(texts(terms), (std::vector<std::string>{"memory.total = 256 GB (16 x 16 GB)", "2 * gpu.vram_total = 640 GB",
                                                "gpu.vram_total = 320 GB (4 x 80 GB)"}));
  ASSERT_EQ(terms.size(), 3u);
  EXPECT_TRUE(terms[0].is_fact);
  EXPECT_EQ(p.slice(terms[0].range), "memory.total");
  EXPECT_EQ(terms[0].origin.begin, 10u);
  EXPECT_EQ(terms[0].origin.end, 20u);
  EXPECT_FALSE(terms[1].is_fact);
  EXPECT_EQ(p.slice(terms[1].range), "2 * gpu.vram_total");
  EXPECT_FALSE(terms[1].origin.valid());
  EXPECT_EQ(terms[2].origin_kind, facts::Origin::Kind::Derived);
  EXPECT_EQ(terms[2].explanation, "4 x 80 GB");
  EXPECT_EQ(terms[2].origin.begin, 30u);
}

TEST(Trace, Texts) {
  auto facts = server_facts();
  struct TraceCase {
    const char* expr;
    std::vector<std::string> terms;
  };
  const std::vector<TraceCase> cases = {
      {"gpu.vram >= 48 GB", {"gpu.vram = 80 GB (from nvidia.a100_80gb_sxm)"}},
      {"workload.precision == fp8", {"workload.precision = bf16"}},
      {"gpu.link in [nvlink_bridge, nvswitch]", {"gpu.link = nvswitch"}},
      {"workload.mem.per_gpu <= gpu.vram",
       {"workload.mem.per_gpu = unknown (the fact does not apply here)", "gpu.vram = 80 GB (from nvidia.a100_80gb_sxm)"}},
      {"power.full_load * 1.5 <= psu.capacity",
       {"power.full_load * 1.5 = 3 kW", "power.full_load = 2 kW (GPUs 1.6 kW + CPUs 300 W + other 100 W)",
        "psu.capacity = 3 kW (2 x 1500 W)"}},
      {"gpu.count >= 2 and not gpu.ecc",
       {"gpu.count = 4 (4 x nvidia.a100_80gb_sxm)", "gpu.ecc = true (from nvidia.a100_80gb_sxm)"}},
      {"ceil(gpu.vram_total / 48 GB) >= gpu.count",
       {"ceil(gpu.vram_total / 48 GB) = 7", "gpu.vram_total / 48 GB = 6.667", "gpu.vram_total = 320 GB (4 x 80 GB)",
        "gpu.count = 4 (4 x nvidia.a100_80gb_sxm)"}},
      // Each term once, however often it appears.
      {"memory.total >= gpu.vram_total and memory.total >= 1 TB",
       {"memory.total = 256 GB (16 x 16 GB)", "gpu.vram_total = 320 GB (4 x 80 GB)"}},
  };
  for (const auto& c : cases) {
    Parsed p(c.expr);
    EXPECT_EQ(texts(CompiledExpr::compile(p.expr()).trace(facts)), c.terms) << c.expr;
  }
}

// A deferred fact (the cost.* facts, quoted on first read) is not read when the result
// does not depend on it: an absent fact on the right of a comparison, or a deciding
// left operand of and/or.
TEST(Evaluate, DoesNotReadFactsTheResultDoesNotNeed) {
  facts::FactSet facts("s", "server");  // no budget
  facts.set("gpu.ecc", facts::Value::flag(true), {});
  int quoted = 0;
  facts.defer({facts::FactSchema::builtin().id("cost.capex")}, [&](facts::FactSet& f) {
    ++quoted;
    f.set("cost.capex", facts::Value::of({1000, units::Dimension::money_amount(), units::Currency::USD}), {});
  });
  const auto eval_text = [&](const char* text) {
    Parsed p(text);
    return evaluate(p.expr(), facts).display();
  };
  EXPECT_EQ(eval_text("cost.capex <= budget"), "unknown");
  EXPECT_EQ(eval_text("not gpu.ecc and cost.capex <= 1 GB"), "false");
  EXPECT_EQ(eval_text("gpu.ecc or cost.capex <= 1 GB"), "true");
  EXPECT_EQ(quoted, 0);
  EXPECT_EQ(eval_text("cost.capex <= 2000 USD"), "true");
  EXPECT_EQ(quoted, 1);
}

}  // namespace
}  // namespace gpuspec::eval
