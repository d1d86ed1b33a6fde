// The policies-by-facts index (PolicySet::readers_of), and the facts of a fact store's
// registered providers as the rules read them.
#include <gtest/gtest.h>

#include <algorithm>

#include "driver/clean_examples_test.h"
#include "driver/session.h"
#include "facts/fact_store.h"
#include "lint/lint.h"

namespace gpuspec::driver {
namespace {

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

// The pack as the build checked it loads without checking its policies again and with
// its templates compiled on first use (lint::load_policies `library_checked`): the same
// policies, programs' reads and fact-reader index as a load that checks and compiles
// everything; the language server's lint memo and cost's provider selection read that
// index (readers_of).
TEST(PolicyReads, ACheckedPackLoadsTheSameIndexWithoutCompilingItsTemplates) {
  Session session(LibraryOptions{});
  DiagnosticEngine checked_diags, full_diags;
  const lint::PolicySet checked = lint::load_policies(session.library(), {}, checked_diags, true);
  const lint::PolicySet full = lint::load_policies(session.library(), {}, full_diags, false);
  EXPECT_TRUE(checked_diags.diagnostics().empty());
  EXPECT_TRUE(full_diags.diagnostics().empty());
  ASSERT_EQ(checked.policies().size(), full.policies().size());
  ASSERT_GE(checked.policies().size(), 40u);
  std::size_t indexed = 0;
  for (facts::FactId id = 0; id < facts::kFactCount; ++id) {
    EXPECT_EQ(checked.readers_of(id), full.readers_of(id)) << facts::kFactNames[id];
    indexed += full.readers_of(id).size();
  }
  EXPECT_GE(indexed, 100u);
  std::size_t holes = 0;
  for (std::size_t i = 0; i < full.policies().size(); ++i) {
    const lint::Policy& a = checked.policies()[i];
    const lint::Policy& b = full.policies()[i];
    EXPECT_EQ(a.id, b.id);
    EXPECT_EQ(a.applies, b.applies);
    ASSERT_EQ(a.message_template != nullptr, b.message_template != nullptr) << a.id;
    ASSERT_EQ(a.hint_template != nullptr, b.hint_template != nullptr) << a.id;
    // Every hole, read from the compiled programs, in the order the index reads them.
    auto compiled_reads = [](const lint::Policy& p) {
      std::vector<facts::FactKey> keys;
      for (const auto* t : {p.message_template.get(), p.hint_template.get()}) {
        if (!t) continue;
        for (const auto& program : t->get().programs) {
          if (program) program->collect_reads(keys);
        }
      }
      std::vector<facts::FactId> ids;
      for (const auto& key : keys) ids.push_back(key.id);
      return ids;
    };
    std::vector<facts::FactId> lazy;
    for (const auto* t : {a.message_template.get(), a.hint_template.get()}) {
      if (t) t->collect_reads(lazy);
    }
    EXPECT_EQ(lazy, compiled_reads(b)) << a.id;
    EXPECT_EQ(compiled_reads(a), compiled_reads(b)) << a.id;
    holes += lazy.size();
  }
  EXPECT_GE(holes, 200u);
}

// A registered provider's facts are what the rules read: one that overrides a resolved
// fact (memory.total: 1 GB) makes the rule that reads it fire on servers it passed.
TEST(PolicyReads, RulesReadTheFactsOfTheStoresProviders) {
  Session session(LibraryOptions{});
  struct LittleMemory final : facts::FactProvider {
    std::span<const facts::FactId> owned() const override { return ids; }
    void attach(const sema::DeclEntry&, facts::FactSet& facts) override {
      facts.set(ids[0], facts::Value::of(units::make_quantity(1, *units::find_unit("GB")).value), {});
    }
    std::vector<facts::FactId> ids{facts::FactSchema::builtin().id("memory.total")};
  } little;
  std::size_t with_little = 0, as_declared = 0;
  auto count = [](const DiagnosticEngine& diags) {
    return std::count_if(diags.diagnostics().begin(), diags.diagnostics().end(),
                         [](const Diagnostic& d) { return d.id == "memory.ram-2x-vram"; });
  };
  const std::size_t files = for_each_clean_example(session, [&](const std::string& path, const LoadedSpec& spec) {
    DiagnosticEngine with, without;
    facts::FactStore store(spec.program);
    store.add_provider(little);
    lint::lint_program(spec.program, session.policies(), {}, with, &store);
    lint::lint_program(spec.program, session.policies(), {}, without);
    EXPECT_GE(count(with), count(without)) << path;
    with_little += count(with);
    as_declared += count(without);
  });
  EXPECT_GE(files, 5u);
  EXPECT_GE(with_little, as_declared + 5);
}

}  // namespace
}  // namespace gpuspec::driver
