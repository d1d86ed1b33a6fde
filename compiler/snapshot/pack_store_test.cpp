// The built-in pack's compiled form as the build stored it (lint/policy_store.h): byte
// for byte what a load that checks and compiles every policy makes; refused where it
// does not fit; and a run that restores it judges, traces and words every policy over
// every example's facts exactly as that load does.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <filesystem>
#include <functional>
#include <tuple>

#include "driver/analysis.h"
#include "driver/session.h"
#include "eval/template.h"
#include "lint/pack_reads.h"
#include "lint/policy_store.h"
#include "snapshot/full_load.h"
#include "snapshot/parse_snapshot_data.h"

namespace gpuspec::snapshot {
namespace {

namespace fs = std::filesystem;

TEST(PackStore, TheStoredFormIsWhatALoadCompiles) {
  FullLoad full;
  ASSERT_TRUE(full.diags.diagnostics().empty());
  const auto stored = stored_pack_reads();
  ASSERT_EQ(stored.size(), full.pack.policies().size());
  for (std::size_t i = 0; i < stored.size(); ++i) {
    const lint::Policy& policy = full.pack.policies()[i];
    EXPECT_EQ(stored[i].form, lint::store_policy(policy)) << policy.id;
    // Read back, it stores as the same bytes, and its syntax is the declaration's.
    auto restored = lint::restore_policy(stored[i].form, *policy.decl, *policy.file);
    ASSERT_TRUE(restored) << policy.id;
    EXPECT_EQ(lint::store_policy(*restored), stored[i].form) << policy.id;
    EXPECT_EQ(restored->decl, nullptr);
    EXPECT_EQ(restored->syntax().decl, policy.decl);
    EXPECT_EQ(restored->syntax().when, policy.when);
    EXPECT_EQ(restored->syntax().require, policy.require);
  }
}

TEST(PackStore, AFormForAnotherPlaceOrCutShortIsRefused) {
  FullLoad full;
  const auto stored = stored_pack_reads();
  ASSERT_GE(stored.size(), 2u);
  const lint::Policy& first = full.pack.policies()[0];
  const lint::Policy& second = full.pack.policies()[1];
  EXPECT_FALSE(lint::restore_policy(stored[0].form, *second.decl, *second.file));
  EXPECT_FALSE(lint::restore_policy(stored[0].form.substr(0, stored[0].form.size() - 1), *first.decl, *first.file));
  EXPECT_FALSE(lint::restore_policy(std::string(stored[0].form) + "x", *first.decl, *first.file));
  EXPECT_FALSE(lint::restore_policy({}, *first.decl, *first.file));

  // A load given a form it refuses reads and compiles that policy from its declaration.
  std::vector<lint::StoredPolicyReads> table(stored.begin(), stored.end());
  table[0].form = table[0].form.substr(0, 10);
  DiagnosticEngine diags;
  const lint::PolicySet set = lint::load_policies(full.library, {}, diags, true, table);
  ASSERT_EQ(set.policies().size(), stored.size());
  EXPECT_EQ(set.policies()[0].deferred_syntax, nullptr);
  EXPECT_EQ(set.policies()[0].decl, first.decl);
  EXPECT_NE(set.policies()[1].deferred_syntax, nullptr);
  EXPECT_EQ(lint::store_policy(set.policies()[0]), stored[0].form);
}

void expect_same_outcome(const eval::Outcome& a, const eval::Outcome& b, const std::string& context) {
  auto seen = [](const eval::Outcome& o) {
    return std::tuple(static_cast<int>(o.state), o.display(), o.missing, o.error, o.error_range.file,
                      o.error_range.begin, o.error_range.end);
  };
  EXPECT_EQ(seen(a), seen(b)) << context;
}

// Two programs of one expression, over one set: value, verdict, trace, notes and sides.
void expect_same_program(const eval::CompiledExpr& a, const eval::CompiledExpr& b, const facts::FactSet& facts,
                         const std::string& context) {
  expect_same_outcome(a.evaluate(facts), b.evaluate(facts), context);
  EXPECT_EQ(static_cast<int>(a.check(facts).kind), static_cast<int>(b.check(facts).kind)) << context;
  const auto ta = a.trace(facts), tb = b.trace(facts);
  ASSERT_EQ(ta.size(), tb.size()) << context;
  for (std::size_t i = 0; i < ta.size(); ++i) {
    EXPECT_EQ(ta[i].text, tb[i].text) << context;
    EXPECT_EQ(ta[i].range.file, tb[i].range.file) << context;
    EXPECT_EQ(ta[i].range.begin, tb[i].range.begin) << context;
    EXPECT_EQ(ta[i].origin.begin, tb[i].origin.begin) << context;
  }
  std::vector<DiagnosticNote> na, nb;
  a.append_why_notes(facts, na);
  b.append_why_notes(facts, nb);
  ASSERT_EQ(na.size(), nb.size()) << context;
  for (std::size_t i = 0; i < na.size(); ++i) EXPECT_EQ(na[i].message, nb[i].message) << context;
  const auto sa = a.ordered_sides(facts), sb = b.ordered_sides(facts);
  ASSERT_EQ(sa.has_value(), sb.has_value()) << context;
  if (sa) {
    expect_same_outcome(sa->have, sb->have, context);
    expect_same_outcome(sa->need, sb->need, context);
    EXPECT_EQ(sa->need_text, sb->need_text) << context;
  }
}

void expect_same_text(const std::shared_ptr<const eval::LazyTemplate>& a,
                      const std::shared_ptr<const eval::LazyTemplate>& b, const facts::FactSet& facts,
                      const std::string& context) {
  ASSERT_EQ(a != nullptr, b != nullptr) << context;
  if (a) {
    EXPECT_EQ(eval::render_template(a->get(), facts).text, eval::render_template(b->get(), facts).text) << context;
  }
}

// Every policy of a run (restored) against the full load's, over the facts (cost facts
// included) of every declaration of every example spec, applicable to its kind or not.
TEST(PackStore, ARunJudgesEveryExampleAsALoadThatCompiles) {
  install();
  FullLoad full;
  driver::Session session(driver::LibraryOptions{});
  const auto& run = session.policies().policies();
  const auto& loaded = full.pack.policies();
  ASSERT_EQ(run.size(), loaded.size());
  for (const auto& policy : run) ASSERT_NE(policy.deferred_syntax, nullptr) << policy.id << " was not restored";

  std::size_t sets = 0, violated = 0;
  struct Compare final : facts::FactProvider {
    std::function<void(facts::FactSet&)> run;
    std::span<const facts::FactId> owned() const override { return {}; }
    void attach(const sema::DeclEntry&, facts::FactSet& facts) override { run(facts); }
  } compare;
  compare.run = [&](facts::FactSet& facts) {
    ++sets;
    for (std::size_t i = 0; i < run.size(); ++i) {
      const lint::Policy& a = run[i];
      const lint::Policy& b = loaded[i];
      const std::string context = fmt::format("{} on {}", a.id, facts.declaration());
      ASSERT_EQ(a.id, b.id);
      EXPECT_EQ(a.severity, b.severity) << context;
      EXPECT_EQ(a.applies, b.applies) << context;
      EXPECT_EQ(a.at, b.at) << context;
      EXPECT_EQ(a.doc, b.doc) << context;
      ASSERT_EQ(a.when_program != nullptr, b.when_program != nullptr) << context;
      if (a.when_program) expect_same_program(*a.when_program, *b.when_program, facts, context + " (when)");
      expect_same_program(*a.require_program, *b.require_program, facts, context + " (require)");
      ASSERT_EQ(a.severity_when.size(), b.severity_when.size()) << context;
      for (std::size_t k = 0; k < a.severity_when.size(); ++k) {
        EXPECT_EQ(a.severity_when[k].severity, b.severity_when[k].severity) << context;
        expect_same_program(*a.severity_when[k].program, *b.severity_when[k].program, facts, context);
      }
      expect_same_text(a.message_template, b.message_template, facts, context + " (message)");
      expect_same_text(a.hint_template, b.hint_template, facts, context + " (hint)");
      const lint::Judgement ja = lint::judge(a, facts), jb = lint::judge(b, facts);
      EXPECT_EQ(ja.verdict, jb.verdict) << context;
      violated += ja.verdict == eval::Verdict::Violated;
    }
  };
  driver::AnalysisOptions options;
  options.providers.push_back(&compare);
  std::size_t files = 0;
  for (const auto& entry : fs::recursive_directory_iterator(fs::path(GPUSPEC_SOURCE_DIR) / "examples")) {
    if (entry.path().extension() != ".gpuspec") continue;
    DiagnosticEngine diags;
    std::string io_error;
    ASSERT_TRUE(driver::analyze_file(session, entry.path().string(), options, diags, &io_error)) << io_error;
    ++files;
  }
  EXPECT_GE(files, 20u);
  EXPECT_GE(sets, 20u);
  EXPECT_GT(violated, 20u);
}

}  // namespace
}  // namespace gpuspec::snapshot
