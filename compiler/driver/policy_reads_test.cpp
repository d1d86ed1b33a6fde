// The policies-by-facts index (PolicySet::readers_of) and what the lint engine does with
// it: a rule that reads none of the facts the augmenter's layer holds is run over the
// declaration's resolved set instead of the layer. The differential lints every example
// twice, through the layer (a fact store) and over one plain set (no store), with an
// augmenter that also overrides facts the resolvers set: the findings must be the same.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>

#include "driver/load_spec.h"
#include "driver/session.h"
#include "facts/fact_store.h"
#include "lint/lint.h"

namespace gpuspec::driver {
namespace {

namespace fs = std::filesystem;

bool reads(const lint::PolicySet& set, std::string_view fact, std::string_view policy) {
  const auto* p = set.find(policy);
  if (!p) return false;
  const auto index = static_cast<std::size_t>(p - set.policies().data());
  const auto& readers = set.readers_of(facts::FactSchema::builtin().id(fact));
  return std::find(readers.begin(), readers.end(), index) != readers.end();
}

TEST(PolicyReads, TheIndexNamesTheRulesThatReadAFact) {
  Session session(LibraryOptions{});
  const auto& set = session.policies();
  ASSERT_NE(set.find("memory.ram-2x-vram"), nullptr);
  EXPECT_TRUE(reads(set, "memory.total", "memory.ram-2x-vram"));   // require
  EXPECT_TRUE(reads(set, "gpu.vram_total", "memory.ram-2x-vram"));
  EXPECT_TRUE(reads(set, "gpu.count", "memory.ram-2x-vram"));      // when
  EXPECT_FALSE(reads(set, "cost.capex", "memory.ram-2x-vram"));
  EXPECT_TRUE(reads(set, "software.monitored", "ops.monitoring"));
  EXPECT_FALSE(reads(set, "memory.total", "ops.monitoring"));
}

// A hole naming no fact indexes nothing and hides none of the others.
TEST(PolicyReads, MessageHolesAreIndexed) {
  Session session(LibraryOptions{});
  const lint::Policy& model = *session.policies().find("memory.ram-2x-vram");
  lint::PolicySet set;
  lint::Policy policy;
  policy.id = "test.hole";
  policy.applies = {"server"};
  policy.require = model.require;
  policy.message = "psu {psu.count} and {no.such_fact}";
  set.add(policy);
  EXPECT_TRUE(reads(set, "psu.count", "test.hole"));  // a message hole
  EXPECT_TRUE(reads(set, "memory.total", "test.hole"));
}

struct Finding {
  std::string id, message, declaration, hint;
  std::vector<std::string> notes;
  bool operator==(const Finding&) const = default;
};

std::vector<Finding> findings(const DiagnosticEngine& diags) {
  std::vector<Finding> out;
  for (const auto& d : diags.diagnostics()) {
    Finding f{d.id, d.message, d.declaration, d.hint.value_or(""), {}};
    for (const auto& n : d.notes) f.notes.push_back(n.message);
    out.push_back(std::move(f));
  }
  return out;
}

TEST(PolicyReads, RulesReadTheLayerOnlyWhereItHoldsWhatTheyRead) {
  Session session(LibraryOptions{});
  // Overrides two resolved facts (so the rules reading them must see the layer) and
  // adds one nobody reads.
  lint::FactAugmenter augment = [](const sema::Program&, const sema::DeclEntry&, facts::FactSet& facts) {
    facts.set("memory.total", facts::Value::of(units::make_quantity(1, *units::find_unit("GB")).value), {});
    facts.set("software.monitored", facts::Value::flag(true), {});
    facts.set("instance.api_name", facts::Value::string("p4d.24xlarge"), {});
  };
  std::size_t files = 0, compared = 0;
  for (const auto& entry : fs::recursive_directory_iterator(fs::path(GPUSPEC_SOURCE_DIR) / "examples")) {
    if (entry.path().extension() != ".gpuspec") continue;
    DiagnosticEngine load_diags;
    std::string io_error;
    auto spec = load_spec(session, entry.path().string(), load_diags, &io_error);
    if (!spec || !spec->clean) continue;
    ++files;
    DiagnosticEngine layered, plain;
    facts::FactStore store(spec->program);
    lint::lint_program(spec->program, session.policies(), {}, layered, augment, &store);
    lint::lint_program(spec->program, session.policies(), {}, plain, augment, nullptr);
    auto a = findings(layered);
    auto b = findings(plain);
    EXPECT_EQ(a, b) << entry.path();
    compared += a.size();
    for (const auto& f : a) EXPECT_NE(f.id, "ops.monitoring") << entry.path();  // the layer says monitored
  }
  EXPECT_GE(files, 5u);
  EXPECT_GE(compared, 20u);
}

}  // namespace
}  // namespace gpuspec::driver
