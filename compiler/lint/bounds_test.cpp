// The bounds API (bounds.h) on hand-written rules: which shapes bound which fact, by how
// much in base units (worked out by hand from the units table: 1 Gbps = 1.25e8 B/s), and
// which rules a run's settings and the build's known facts leave out.
#include "lint/bounds.h"

#include <gtest/gtest.h>

#include <deque>

#include "eval/template.h"
#include "units/quantity.h"

namespace gpuspec::lint {
namespace {

using Relation = Bound::Relation;

units::Quantity q(double number, const char* unit) {
  const units::Unit* u = units::find_unit(unit);
  EXPECT_NE(u, nullptr) << unit;
  return units::make_quantity(number, *u).value;
}

// A pack of rules written as text; the parsed trees live as long as the pack.
class Pack {
 public:
  // `require` and `when` ("" for none) as a policy would write them.
  Pack& rule(std::string id, const std::string& require, const std::string& when = "",
             std::vector<std::string> applies = {"server", "cloud"}, Severity severity = Severity::Error) {
    Policy p;
    p.id = std::move(id);
    p.severity = severity;
    p.applies = std::move(applies);
    p.require = parse(require);
    if (!when.empty()) p.when = parse(when);
    set.add(std::move(p));
    return *this;
  }
  const ast::Expr* parse(const std::string& text) {
    parsed_.push_back(eval::parse_expression(sources_, text, diags_));
    EXPECT_NE(parsed_.back().expr, nullptr) << "does not parse: " << text;
    return parsed_.back().expr;
  }
  PolicySet set;

 private:
  SourceManager sources_;
  DiagnosticEngine diags_;
  std::deque<eval::ParsedExpression> parsed_;
};

facts::FactSet server() { return facts::FactSet("s", "server"); }
void put(facts::FactSet& f, const char* name, facts::Value v) { f.set(name, std::move(v), {}); }

TEST(Bounds, ConstantFactorTimesAFactAndTheFactOnTheRight) {
  Pack pack;
  pack.rule("t.ram", "memory.total >= 2 * gpu.vram_total", "gpu.count >= 1")
      .rule("t.psu", "1.5 * power.full_load <= psu.capacity_carrying", "", {"server"})
      .rule("t.disk", "storage.data.capacity >= 4 TB")
      .rule("t.fabric", "network.bandwidth_per_gpu >= 200 Gbps")
      .rule("t.read", "storage.data.read_bw > 5 GB/s")
      .rule("t.swapped", "gpu.vram_total * 3 <= memory.total");
  Bounds bounds(pack.set, {});
  auto known = server();
  put(known, "gpu.count", facts::Value::number(4));
  put(known, "gpu.vram_total", facts::Value::of(q(320, "GB")));
  put(known, "power.full_load", facts::Value::of(q(2000, "W")));

  auto ram = bounds.on("memory.total", "server", known);
  ASSERT_EQ(ram.size(), 2u);
  EXPECT_EQ(ram[0]->policy->id, "t.ram");
  EXPECT_EQ(ram[0]->relation, Relation::AtLeast);
  EXPECT_EQ(ram[0]->factor, 2);
  EXPECT_EQ(ram[0]->per, "gpu.vram_total");
  EXPECT_EQ(ram[0]->value(known), 640e9);  // 2 x 320 GB
  EXPECT_EQ(ram[1]->policy->id, "t.swapped");
  EXPECT_EQ(ram[1]->value(known), 960e9);  // 3 x 320 GB, the constant on the right of `*`
  auto need = tightest_lower(ram, known);
  ASSERT_TRUE(need);
  EXPECT_EQ(need->bound->policy->id, "t.swapped");
  EXPECT_FALSE(need->met(959e9));
  EXPECT_TRUE(need->met(960e9));

  auto psu = bounds.on("psu.capacity_carrying", "server", known);
  ASSERT_EQ(psu.size(), 1u);
  EXPECT_EQ(psu[0]->relation, Relation::AtLeast);  // `c * G <= F` read as `F >= c * G`
  EXPECT_EQ(psu[0]->value(known), 3000);            // 1.5 x 2000 W
  EXPECT_TRUE(bounds.on("psu.capacity_carrying", "cloud", known).empty());  // applies = server

  auto disk = bounds.on("storage.data.capacity", "server", known);
  ASSERT_EQ(disk.size(), 1u);
  EXPECT_EQ(disk[0]->value(known), 4e12);
  EXPECT_EQ(disk[0]->per, "");

  auto fabric = bounds.on("network.bandwidth_per_gpu", "server", known);
  ASSERT_EQ(fabric.size(), 1u);
  EXPECT_EQ(fabric[0]->value(known), 25e9);  // 200 Gb/s = 25 GB/s

  auto read = bounds.on("storage.data.read_bw", "server", known);
  ASSERT_EQ(read.size(), 1u);
  EXPECT_EQ(read[0]->relation, Relation::Above);
  EXPECT_FALSE(read[0]->met(5e9, 5e9));  // strictly above
  EXPECT_TRUE(read[0]->met(5.1e9, 5e9));
  EXPECT_EQ(first_broken(read, known, 5e9), read[0]);
  EXPECT_EQ(first_broken(read, known, 7e9), nullptr);
}

TEST(Bounds, EveryConjunctBoundsItsFactAndEqualityNamesTheSymbol) {
  Pack pack;
  pack.rule("t.ddr", "memory.type == ddr5 and (memory.speed >= 4800 MT/s)", "", {"server"});
  Bounds bounds(pack.set, {});
  auto known = server();
  auto type = bounds.on("memory.type", "server", known);
  ASSERT_EQ(type.size(), 1u);
  EXPECT_EQ(type[0]->relation, Relation::Equals);
  EXPECT_EQ(type[0]->symbol, "ddr5");
  EXPECT_EQ(first_broken(type, "ddr4"), type[0]);
  EXPECT_EQ(first_broken(type, "ddr5"), nullptr);
  auto speed = bounds.on("memory.speed", "server", known);
  ASSERT_EQ(speed.size(), 1u);
  EXPECT_EQ(speed[0]->value(known), 4800);
  EXPECT_EQ(first_broken(speed, known, 4400), speed[0]);
}

TEST(Bounds, OtherShapesBoundNothing) {
  Pack pack;
  pack.rule("t.or", "cpu.base_clock > 3 GHz or cpu.boost_clock > 3 GHz")
      .rule("t.sum", "memory.total + 1 GB >= gpu.vram_total")
      .rule("t.min", "memory.total >= max(1 TB, gpu.vram_total)")
      .rule("t.in", "storage.data.kind in [nvme_ssd, nvme]")
      .rule("t.facts", "memory.type == cpu.memory_type");
  Bounds bounds(pack.set, {});
  auto known = server();
  for (const char* fact : {"cpu.base_clock", "cpu.boost_clock", "memory.total", "gpu.vram_total", "storage.data.kind",
                           "memory.type", "cpu.memory_type"}) {
    EXPECT_TRUE(bounds.on(fact, "server", known).empty()) << fact;
  }
}

// `(A == a and X) or (A == b and Y)`: X bounds where A is a, Y where A is b; where A is
// unknown, or a third value that no case tests, the requirement is no case's and nothing
// bounds. Worked by hand: 100,000 USD x 0.8 = 80,000.
TEST(Bounds, AChoiceOfCasesBoundsWhereItsTestsDecideTheCase) {
  Pack pack;
  pack.rule("t.budget",
            "(deploy.kind == onprem and cost.capex_high <= 0.8 * budget) or "
            "(deploy.kind == cloud and cost.total_over_horizon_high <= budget)");
  Bounds bounds(pack.set, {});
  auto known = server();
  put(known, "budget", facts::Value::of(q(100000, "USD")));
  EXPECT_TRUE(bounds.on("cost.capex_high", "server", known).empty()) << "deploy.kind unknown";
  put(known, "deploy.kind", facts::Value::symbol("onprem"));
  auto capex = bounds.on("cost.capex_high", "server", known);
  ASSERT_EQ(capex.size(), 1u);
  EXPECT_TRUE(capex[0]->upper());
  EXPECT_EQ(capex[0]->value(known), 80000);
  EXPECT_EQ(first_broken(capex, known, 80001), capex[0]);
  EXPECT_EQ(first_broken(capex, known, 80000), nullptr);
  EXPECT_TRUE(bounds.on("cost.total_over_horizon_high", "server", known).empty()) << "the cloud case's";
  auto cloud = server();
  put(cloud, "deploy.kind", facts::Value::symbol("cloud"));
  EXPECT_EQ(bounds.on("cost.total_over_horizon_high", "server", cloud).size(), 1u);
  EXPECT_TRUE(bounds.on("cost.capex_high", "server", cloud).empty());
  auto other = server();
  put(other, "deploy.kind", facts::Value::symbol("hybrid"));
  EXPECT_TRUE(bounds.on("cost.capex_high", "server", other).empty());
  EXPECT_TRUE(bounds.on("cost.total_over_horizon_high", "server", other).empty());
}

// Where another case's tests may all hold, that case may be the one met: nothing bounds.
TEST(Bounds, ACaseWithoutATestOrAnUndecidedOtherCaseBoundsNothing) {
  Pack pack;
  pack.rule("t.untested", "(deploy.kind == onprem and cost.capex_high <= budget) or cost.capex <= 1000 USD")
      .rule("t.two_tests",
            "(deploy.kind == onprem and cost.capex_high <= budget) or "
            "(site.region == cn and cost.capex_high <= 2 * budget)");
  Bounds bounds(pack.set, {});
  auto known = server();
  put(known, "budget", facts::Value::of(q(100000, "USD")));
  put(known, "deploy.kind", facts::Value::symbol("onprem"));
  EXPECT_TRUE(bounds.on("cost.capex", "server", known).empty());
  EXPECT_TRUE(bounds.on("cost.capex_high", "server", known).empty()) << "site.region unknown: the second case may hold";
  put(known, "site.region", facts::Value::symbol("us"));
  auto capex = bounds.on("cost.capex_high", "server", known);
  ASSERT_EQ(capex.size(), 1u);
  EXPECT_EQ(capex[0]->value(known), 100000);
}

TEST(Bounds, TwoBareFactsBoundEachOther) {
  Pack pack;
  pack.rule("t.slots", "motherboard.memory_slots >= memory.dimms", "", {"server"});
  Bounds bounds(pack.set, {});
  auto known = server();
  put(known, "memory.dimms", facts::Value::number(16));
  put(known, "motherboard.memory_slots", facts::Value::number(12));
  auto slots = bounds.on("motherboard.memory_slots", "server", known);
  ASSERT_EQ(slots.size(), 1u);
  EXPECT_TRUE(slots[0]->lower());
  EXPECT_EQ(slots[0]->value(known), 16);
  auto dimms = bounds.on("memory.dimms", "server", known);
  ASSERT_EQ(dimms.size(), 1u);
  EXPECT_TRUE(dimms[0]->upper());
  EXPECT_EQ(dimms[0]->value(known), 12);
  EXPECT_EQ(first_broken(dimms, known, 13), dimms[0]);
  EXPECT_FALSE(tightest_lower(dimms, known));  // an upper bound is no need
}

TEST(Bounds, TheGuardMustBeTrueOverWhatIsKnown) {
  Pack pack;
  pack.rule("t.cores", "cpu.cores_total >= 8", "workload.trains")
      .rule("t.per-gpu", "cpu.cores_total >= 2 * gpu.count", "gpu.count >= 1");
  Bounds bounds(pack.set, {});
  auto known = server();
  EXPECT_TRUE(bounds.on("cpu.cores_total", "server", known).empty());  // neither guard decided
  put(known, "gpu.count", facts::Value::number(8));
  put(known, "workload.trains", facts::Value::flag(false));
  auto cores = bounds.on("cpu.cores_total", "server", known);
  ASSERT_EQ(cores.size(), 1u);
  EXPECT_EQ(cores[0]->policy->id, "t.per-gpu");
  auto training = server();
  put(training, "gpu.count", facts::Value::number(2));
  put(training, "workload.trains", facts::Value::flag(true));
  cores = bounds.on("cpu.cores_total", "server", training);
  ASSERT_EQ(cores.size(), 2u);
  auto need = tightest_lower(cores, training);  // max(8, 2 x 2)
  ASSERT_TRUE(need);
  EXPECT_EQ(need->value, 8);
  EXPECT_EQ(need->bound->policy->id, "t.cores");
  EXPECT_EQ(first_broken(cores, training, 6), cores[0]);  // pack order: t.cores first
  // A bound on another fact G leaves no value when G is not known.
  auto unknown_g = server();
  put(unknown_g, "workload.trains", facts::Value::flag(false));
  put(unknown_g, "gpu.count", facts::Value::flag(true));  // not a quantity
  EXPECT_EQ(bounds.on("cpu.cores_total", "server", training)[1]->value(unknown_g), std::nullopt);
}

TEST(Bounds, TiesGoToTheFirstAndTheStrictBound) {
  Pack pack;
  pack.rule("t.a", "cpu.cores_total >= 8").rule("t.b", "cpu.cores_total >= 4 * gpu.count").rule("t.c", "cpu.cores_total > 8");
  Bounds bounds(pack.set, {});
  auto known = server();
  put(known, "gpu.count", facts::Value::number(2));
  auto need = tightest_lower(bounds.on("cpu.cores_total", "server", known), known);
  ASSERT_TRUE(need);
  EXPECT_EQ(need->bound->policy->id, "t.c");
  EXPECT_FALSE(need->met(8));
  EXPECT_TRUE(need->met(9));
}

TEST(Bounds, OnlyRulesThatRejectBound) {
  Pack pack;
  pack.rule("t.off", "memory.total >= 1 TB")
      .rule("t.info", "memory.total >= 2 TB", "", {"server"}, Severity::Info)
      .rule("t.raised", "memory.total >= 3 TB", "", {"server"}, Severity::Info)
      .rule("t.lowered", "memory.total >= 4 TB");
  LintOptions options;
  options.disabled = {"t.off"};
  options.severities = {{"t.raised", Severity::Error}, {"t.lowered", Severity::Info}};
  Bounds bounds(pack.set, options);
  auto known = server();
  auto on = bounds.on("memory.total", "server", known);
  ASSERT_EQ(on.size(), 1u);
  EXPECT_EQ(on[0]->policy->id, "t.raised");
  EXPECT_EQ(on[0]->value(known), 3e12);
}

// What the infos advise: the rules that run and cannot reject (an info, or a rule lowered
// to info), never a disabled one or one that rejects; an Equals bound names its symbol.
TEST(Bounds, TheAdvisingBoundsAreTheInfos) {
  Pack pack;
  pack.rule("t.off", "memory.total >= 1 TB", "", {"server"}, Severity::Info)
      .rule("t.info", "memory.total >= 2 TB", "", {"server"}, Severity::Info)
      .rule("t.raised", "memory.total >= 3 TB", "", {"server"}, Severity::Info)
      .rule("t.lowered", "memory.total >= 4 TB")
      .rule("t.warn", "memory.total >= 5 TB")
      .rule("t.class", "storage.data.class == enterprise", "workload.stage == production", {"server"}, Severity::Info);
  LintOptions options;
  options.disabled = {"t.off"};
  options.severities = {{"t.raised", Severity::Error}, {"t.lowered", Severity::Info}};
  Bounds advice(pack.set, options, BoundsOf::Advising);
  auto known = server();
  auto on = advice.on("memory.total", "server", known);
  ASSERT_EQ(on.size(), 2u);
  EXPECT_EQ(on[0]->policy->id, "t.info");
  EXPECT_EQ(on[1]->policy->id, "t.lowered");
  // The class bound applies where its guard is true over what is known.
  EXPECT_TRUE(advice.on("storage.data.class", "server", known).empty());
  put(known, "workload.stage", facts::Value::symbol("production"));
  auto cls = advice.on("storage.data.class", "server", known);
  ASSERT_EQ(cls.size(), 1u);
  EXPECT_EQ(first_broken(cls, "consumer"), cls[0]);
  EXPECT_EQ(first_broken(cls, "enterprise"), nullptr);
  // The rejecting bounds of the same run hold none of them.
  Bounds rejecting(pack.set, options);
  auto targets = rejecting.on("memory.total", "server", known);
  ASSERT_EQ(targets.size(), 2u);
  EXPECT_EQ(targets[0]->policy->id, "t.raised");
  EXPECT_EQ(targets[1]->policy->id, "t.warn");
}

TEST(Bounds, ASeverityWhenThatLowersToInfoKeepsTheRuleFromRejecting) {
  Pack pack;
  pack.rule("t.warn", "memory.total >= 1 TB").rule("t.quiet", "memory.total >= 2 TB");
  PolicySet set;
  for (Policy p : pack.set.policies()) {
    if (p.id == "t.warn") p.severity_when.push_back({Severity::Warning, pack.parse("nodes >= 2"), nullptr});
    if (p.id == "t.quiet") p.severity_when.push_back({Severity::Info, pack.parse("nodes >= 2"), nullptr});
    set.add(std::move(p));
  }
  EXPECT_TRUE(rejects(*set.find("t.warn"), {}));
  EXPECT_FALSE(rejects(*set.find("t.quiet"), {}));
  Bounds bounds(set, {});
  auto known = server();
  auto on = bounds.on("memory.total", "server", known);
  ASSERT_EQ(on.size(), 1u);
  EXPECT_EQ(on[0]->policy->id, "t.warn");
}

std::vector<std::string_view> facts_of(std::initializer_list<std::string_view> list) { return list; }

TEST(RuleReading, TheRuleThatReadsEveryFactAndTheFewestOthers) {
  Pack pack;
  pack.rule("t.wide", "gpu.count <= chassis.max_gpus and gpu.vram >= 24 GB")
      .rule("t.narrow", "gpu.count <= chassis.max_gpus")
      .rule("t.same", "chassis.max_gpus >= gpu.count")
      .rule("t.cloud", "gpu.class != cloud", "", {"cloud"});
  // t.narrow reads two facts, t.wide three: the narrower one is what a check of the two
  // stands for; t.same reads as few, and the first in pack order wins the tie.
  const Policy* p = rule_reading(pack.set, "server", facts_of({"gpu.count", "chassis.max_gpus"}));
  ASSERT_NE(p, nullptr);
  EXPECT_EQ(p->id, "t.narrow");
  p = rule_reading(pack.set, "server", facts_of({"gpu.vram"}));
  ASSERT_NE(p, nullptr);
  EXPECT_EQ(p->id, "t.wide");
  // A rule of another kind, or none that reads every fact: no rule.
  EXPECT_EQ(rule_reading(pack.set, "server", facts_of({"gpu.class"})), nullptr);
  EXPECT_NE(rule_reading(pack.set, "cloud", facts_of({"gpu.class"})), nullptr);
  EXPECT_EQ(rule_reading(pack.set, "server", facts_of({"gpu.count", "gpu.class"})), nullptr);
}

}  // namespace
}  // namespace gpuspec::lint
