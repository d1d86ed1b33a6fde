#include "eval/compiled.h"

#include <gtest/gtest.h>

#include "eval/test_support.h"
#include "oracle/tree_walker.h"

namespace gpuspec::eval {
namespace {

using testing::Parsed;
using testing::server_facts;

// Every construct and edge of the language: the compiled program must agree with the
// tree walker on the value, the missing fact, the error and where it points, and the trace.
const char* const kExpressions[] = {
    // arithmetic, units, literals
    "memory.total", "2 * gpu.vram_total", "memory.total + 64 GB", "2 * gpu.vram_total - memory.total",
    "gpu.vram_total / gpu.count", "gpu.board_power * gpu.count", "psu.capacity / power.full_load", "-memory.total",
    "(memory.total + 64 GB) * 2", "60%", "7B / 1M", "1 TiB", "\"12.1\"", "pytorch@2.3 == pytorch@2.3", "true",
    // errors (each with its range)
    "1 / 0", "budget + cost.capex", "memory.total + gpu.board_power", "memory.total + workload.precision",
    "nonsense.fact", "5 GX", "-workload.precision", "not gpu.count", "gpu.count < workload.precision",
    "workload.precision < fp8", "memory.total == gpu.board_power", "gpu.count == workload.precision",
    // comparisons, symbols, lists
    "memory.total >= 2 * gpu.vram_total", "memory.total < 1 TB", "gpu.count == 4", "gpu.count != 4",
    "workload.precision == bf16", "fp8 == workload.precision", "software.cuda == \"12.1\"", "gpu.ecc == true",
    "gpu.link in [nvlink_bridge, nvswitch]", "gpu.link in [none, pcie]", "dcgm in software.monitoring",
    "grafana in software.monitoring", "gpu.count in [1, 2, 4]", "gpu.vram in [40 GB, 80 GB]",
    "gpu.link in nvswitch", "[gpu.link, pcie] == [nvswitch, pcie]", "[workload.task] == [llm.finetune]",
    "gpu.link in [pcie, gpu.model]", "gpu.count in [1, workload.mem.per_gpu]", "gpu.count in [1 / 0, 2]",
    "software.monitoring == [dcgm, prometheus]", "[1, [2, 3]] == [1, [2, 3]]", "[1, 2] == [1, 2, 3]",
    // calls
    "min(memory.total, gpu.vram_total)", "max(memory.total, gpu.vram_total)", "max(1, 2, 3)", "min([3, 1, 2])",
    "ceil(2.1)", "floor(2.9)", "ceil(gpu.vram_total / 48 GB)", "sum([80 GB, 40 GB])", "count(software.monitoring)",
    "count([])", "sum([])", "sum([1, pcie])", "sum([1 GB, 1 W])", "ceil(memory.total)", "min(memory.total, gpu.board_power)",
    "frob(1)", "frob(workload.mem.per_gpu)", "min()", "min([])", "min(1, pcie)", "count(1)", "max(workload.mem.per_gpu, 1 GB)",
    // unknowns and three-valued logic
    "workload.mem.per_gpu", "workload.mem.per_gpu <= gpu.vram", "gpu.vram >= workload.mem.per_gpu",
    "2 * workload.mem.per_gpu", "not workload.mem.shape_known", "workload.mem.per_gpu <= 1 / 0",
    "1 / 0 <= workload.mem.per_gpu", "cost.opex <= budget", "budget >= cost.opex",
    "workload.task in [llm.finetune, llm.pretrain]", "not gpu.ecc and 1 / 0 > 1", "gpu.ecc or 1 / 0 > 1",
    "workload.mem.shape_known and 1 / 0 > 1", "1 / 0 > 1 and workload.mem.shape_known", "gpu.count and gpu.ecc",
    "(gpu.count) or gpu.ecc", "gpu.ecc and (gpu.count)", "workload.mem.shape_known or gpu.ecc",
    "workload.mem.shape_known and not gpu.ecc", "workload.mem.shape_known or workload.mem.per_gpu > 1 GB",
    // traces: repeated terms, compound terms, facts with origins
    "power.full_load * 1.5 <= psu.capacity", "ceil(gpu.vram_total / 48 GB) >= gpu.count",
    "memory.total >= gpu.vram_total and memory.total >= 1 TB", "gpu.count >= 2 and not gpu.ecc",
    "2 * gpu.vram_total - memory.total > 2 * gpu.vram_total", "-(gpu.count) < -gpu.count",
    "[4 x foo]",
};

TEST(Compiled, AgreesWithTheTreeWalker) {
  auto facts = server_facts();
  for (const char* text : kExpressions) {
    Parsed p(text);
    if (!p.ok()) continue;
    const Outcome tree = oracle::evaluate(p.expr(), facts);
    const CompiledExpr program = CompiledExpr::compile(p.expr());
    const Outcome compiled = program.evaluate(facts);
    EXPECT_EQ(tree.display(), compiled.display()) << text;
    EXPECT_EQ(tree.missing, compiled.missing) << text;
    EXPECT_EQ(p.slice(tree.error_range), p.slice(compiled.error_range)) << text;
    // The lean check (its own boolean fast path) agrees too.
    const Check check = program.check(facts);
    using Kind = Check::Kind;
    Kind expected = tree.is_error() ? Kind::Error : tree.is_unknown() ? Kind::Unknown : tree.is_true() ? Kind::True
                    : tree.is_false() ? Kind::False : Kind::NotBool;
    EXPECT_EQ(static_cast<int>(check.kind), static_cast<int>(expected)) << text;
    EXPECT_EQ(check.error, tree.error) << text;
    EXPECT_EQ(p.slice(check.error_range), p.slice(tree.error_range)) << text;
    const auto a = oracle::trace(p.expr(), facts);
    const auto b = program.trace(facts);
    ASSERT_EQ(a.size(), b.size()) << text;
    for (std::size_t i = 0; i < a.size(); ++i) {
      EXPECT_EQ(a[i].text, b[i].text) << text;
      EXPECT_EQ(p.slice(a[i].range), p.slice(b[i].range)) << text;
      EXPECT_EQ(a[i].origin.begin, b[i].origin.begin) << text;
    }
  }
}

TEST(Compiled, ChecksConditionsWithoutCopyingValues) {
  auto facts = server_facts();
  auto check = [&](const char* text) { return CompiledExpr::compile(Parsed(text).expr()).check(facts).kind; };
  using Kind = Check::Kind;
  EXPECT_EQ(check("gpu.count == 4"), Kind::True);
  EXPECT_EQ(check("memory.total >= 2 * gpu.vram_total"), Kind::False);
  EXPECT_EQ(check("workload.mem.per_gpu <= gpu.vram"), Kind::Unknown);
  EXPECT_EQ(check("memory.total"), Kind::NotBool);
  EXPECT_EQ(check("1 / 0 > 1"), Kind::Error);
  Parsed p("gpu.count / 0 > 1");
  Check failed = CompiledExpr::compile(p.expr()).check(facts);
  EXPECT_EQ(failed.error, "division by zero");
  EXPECT_EQ(p.slice(failed.error_range), "gpu.count / 0");
}

// check_into writes a whole result into a Check that held another (a Judgement's): an
// error's message and range do not outlive it, and every kind is set.
TEST(Compiled, ChecksIntoACheckThatHeldAnError) {
  auto facts = server_facts();
  using Kind = Check::Kind;
  Check out;
  Parsed failing("gpu.count / 0 > 1");
  CompiledExpr::compile(failing.expr()).check_into(facts, out);
  EXPECT_EQ(out.kind, Kind::Error);
  EXPECT_EQ(out.error, "division by zero");
  for (const char* text : {"gpu.count == 4", "memory.total >= 2 * gpu.vram_total", "workload.mem.per_gpu <= gpu.vram",
                           "memory.total"}) {
    Check held = out;
    Parsed p(text);
    const CompiledExpr program = CompiledExpr::compile(p.expr());
    program.check_into(facts, held);
    const Check fresh = program.check(facts);
    EXPECT_EQ(held.kind, fresh.kind) << text;
    EXPECT_EQ(held.error, "") << text;
    EXPECT_FALSE(held.error_range.valid()) << text;
  }
}

TEST(Compiled, JudgesAsTheEngineDoes) {
  using Kind = Check::Kind;
  auto c = [](Kind k) { return Check{k, {}, {}}; };
  Check t = c(Kind::True), f = c(Kind::False), u = c(Kind::Unknown), n = c(Kind::NotBool), e = c(Kind::Error);
  EXPECT_EQ(judge(nullptr, t), Verdict::Holds);
  EXPECT_EQ(judge(nullptr, f), Verdict::Violated);
  EXPECT_EQ(judge(nullptr, u), Verdict::Silent);
  EXPECT_EQ(judge(nullptr, n), Verdict::Error);
  EXPECT_EQ(judge(nullptr, e), Verdict::Error);
  EXPECT_EQ(judge(&t, f), Verdict::Violated);
  EXPECT_EQ(judge(&f, f), Verdict::Silent);
  EXPECT_EQ(judge(&f, e), Verdict::Silent);
  EXPECT_EQ(judge(&t, u), Verdict::Silent);
  EXPECT_EQ(judge(&u, f), Verdict::Silent);
  EXPECT_EQ(judge(&e, t), Verdict::Error);
  EXPECT_EQ(judge(&n, t), Verdict::Error);
}

// A name the set holds without the registry knowing it is a fact, not a symbol, even
// inside a list folded at compile time.
// A name the fact table lacks is a symbol literal: no fact set holds a fact by such a
// name (issue 28), so its key finds nothing and the symbol is compared (compare_fact).
TEST(Compiled, ANameTheTableLacksIsASymbol) {
  auto facts = server_facts();
  for (const char* text : {"gpu.link in [pcie, none]", "gpu.link == pcie", "pcie"}) {
    Parsed p(text);
    EXPECT_EQ(oracle::evaluate(p.expr(), facts).display(), CompiledExpr::compile(p.expr()).evaluate(facts).display()) << text;
  }
  EXPECT_EQ(CompiledExpr::compile(Parsed("gpu.link in [pcie, none]").expr()).check(facts).kind, Check::Kind::False);
  EXPECT_EQ(CompiledExpr::compile(Parsed("gpu.link == pcie").expr()).check(facts).kind, Check::Kind::False);
  EXPECT_EQ(CompiledExpr::compile(Parsed("gpu.link != pcie").expr()).check(facts).kind, Check::Kind::True);
  EXPECT_EQ(CompiledExpr::compile(Parsed("gpu.link == nvswitch").expr()).check(facts).kind, Check::Kind::True);
}

// A report's view of a requirement that orders two values: the measured side first,
// whichever way the comparison is written; nothing for any other shape.
TEST(Compiled, OrderedSidesAreWhatIsMeasuredAndWhatIsRequired) {
  auto facts = server_facts();
  auto sides = [&](const char* text) { return CompiledExpr::compile(Parsed(text).expr()).ordered_sides(facts); };
  auto ram = sides("memory.total >= 2 * gpu.vram_total");
  ASSERT_TRUE(ram);
  EXPECT_EQ(ram->have.display(), "256 GB");
  EXPECT_EQ(ram->need.display(), "640 GB");
  EXPECT_EQ(ram->need_text, "2 * gpu.vram_total");
  auto psu = sides("((power.full_load * 1.5 < psu.capacity))");
  ASSERT_TRUE(psu);
  EXPECT_EQ(psu->have.display(), "3 kW");
  EXPECT_EQ(psu->need_text, "power.full_load * 1.5");
  auto unknown = sides("gpu.vram >= workload.mem.per_gpu");
  ASSERT_TRUE(unknown);
  EXPECT_TRUE(unknown->need.is_unknown());
  EXPECT_FALSE(sides("gpu.count == 4"));
  EXPECT_FALSE(sides("memory.total >= 1 TB and gpu.ecc"));
  EXPECT_FALSE(sides("memory.total"));
}

// The why-notes: each compound term, and each fact with an origin, with the origin's explanation.
TEST(Compiled, WhyNotesPointAtTheFactsOrigins) {
  auto facts = server_facts();
  Parsed p("memory.total >= 2 * gpu.vram_total and gpu.vram > workload.mem.per_gpu and gpu.link == nvswitch");
  std::vector<DiagnosticNote> notes;
  CompiledExpr::compile(p.expr()).append_why_notes(facts, notes);
  ASSERT_EQ(notes.size(), 5u);
  EXPECT_EQ(notes[0].message, "memory.total = 256 GB (16 x 16 GB)");
  EXPECT_EQ(notes[1].message, "2 * gpu.vram_total = 640 GB");
  EXPECT_FALSE(notes[1].range.valid());
  EXPECT_EQ(notes[2].message, "gpu.vram_total = 320 GB (4 x 80 GB)");
  EXPECT_EQ(notes[3].message, "gpu.vram = 80 GB (from nvidia.a100_80gb_sxm)");
  EXPECT_EQ(notes[4].message, "gpu.link = nvswitch");  // declared: no explanation
  EXPECT_EQ(notes[4].range.begin, 50u);
}

// A fact borrowed at another range (a memo's, replayed here) is noted at that range with
// its explanation, read from a copy: the lender's stays unformatted (other sets and
// threads read it), and a finding's note does not copy the fact into the set.
TEST(Compiled, WhyNotesReadALentFactInPlace) {
  using namespace facts::literals;
  const facts::Fact lent{facts::Value::of(units::Quantity::number(640)),
                         facts::Origin{facts::Origin::Kind::Derived, {1, 10, 20}, {}, facts::Explanation::format("{} x {}", 8, 80)}};
  const facts::Fact entry{facts::Value::of(units::Quantity::number(80)),
                          facts::Origin{facts::Origin::Kind::Catalog, {1, 30, 40}, "nvidia.a100", facts::Explanation::format("{}", 1)}};
  facts::FactSet facts("s", "server");
  facts.borrow_at("gpu.vram_total"_fact, lent, SourceRange{2, 50, 60});
  facts.borrow_at("gpu.vram"_fact, entry, SourceRange{2, 70, 80});
  Parsed p("gpu.vram_total > 1000 and gpu.vram > 100");
  std::vector<DiagnosticNote> notes;
  CompiledExpr::compile(p.expr()).append_why_notes(facts, notes);
  ASSERT_EQ(notes.size(), 2u);
  EXPECT_EQ(notes[0].message, "gpu.vram_total = 640 (8 x 80)");
  EXPECT_EQ(notes[0].range.file, 2u);
  EXPECT_EQ(notes[0].range.begin, 50u);
  EXPECT_EQ(notes[1].message, "gpu.vram = 80 (from nvidia.a100)");
  EXPECT_EQ(notes[1].range.begin, 70u);
  EXPECT_TRUE(lent.origin.explanation.deferred());
  EXPECT_TRUE(entry.origin.explanation.deferred());
  EXPECT_EQ(facts.value("gpu.vram_total"_fact), &lent.value);
}

}  // namespace
}  // namespace gpuspec::eval
