// Differential test of the compiled policies (eval/compiled.h): every expression of the
// embedded pack (guards, requirements, severity_when conditions, message and hint holes)
// evaluates, traces and prints exactly as the tree walk (test/oracle/) does, over the
// facts (cost facts included) of every declaration of every example spec.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <filesystem>
#include <functional>

#include "driver/analysis.h"
#include "driver/session.h"
#include "eval/compiled.h"
#include "eval/template.h"
#include "oracle/tree_walker.h"

namespace gpuspec::driver {
namespace {

namespace fs = std::filesystem;

struct Tally {
  std::size_t compared = 0;
  std::size_t known = 0;
  std::size_t unknown = 0;
  std::size_t errors = 0;
  std::size_t violated = 0;
  std::size_t declarations = 0;
};

std::string where(const lint::Policy& policy, const facts::FactSet& facts, std::string_view part) {
  return fmt::format("{} on {} ({})", policy.id, facts.declaration(), part);
}

void expect_same(const ast::Expr& expr, const eval::CompiledExpr& program, const facts::FactSet& facts,
                 const std::string& context, Tally& tally) {
  const eval::Outcome tree = eval::oracle::evaluate(expr, facts);
  const eval::Outcome compiled = program.evaluate(facts);
  ++tally.compared;
  tally.known += tree.is_known();
  tally.unknown += tree.is_unknown();
  tally.errors += tree.is_error();
  ASSERT_EQ(tree.state, compiled.state) << context;
  EXPECT_EQ(tree.display(), compiled.display()) << context;
  EXPECT_EQ(tree.missing, compiled.missing) << context;
  EXPECT_EQ(tree.error, compiled.error) << context;
  EXPECT_EQ(tree.error_range.file, compiled.error_range.file) << context;
  EXPECT_EQ(tree.error_range.begin, compiled.error_range.begin) << context;
  EXPECT_EQ(tree.error_range.end, compiled.error_range.end) << context;
  // The lint engine's lean view agrees with the full outcome.
  const eval::Check check = program.check(facts);
  using Kind = eval::Check::Kind;
  Kind expected = tree.is_error()     ? Kind::Error
                  : tree.is_unknown() ? Kind::Unknown
                  : tree.is_true()    ? Kind::True
                  : tree.is_false()   ? Kind::False
                                      : Kind::NotBool;
  EXPECT_EQ(static_cast<int>(check.kind), static_cast<int>(expected)) << context;
  EXPECT_EQ(check.error, tree.error) << context;

  const std::vector<eval::Term> tree_terms = eval::oracle::trace(expr, facts);
  const std::vector<eval::Term> terms = program.trace(facts);
  ASSERT_EQ(tree_terms.size(), terms.size()) << context;
  std::vector<DiagnosticNote> expected_notes;
  for (std::size_t i = 0; i < terms.size(); ++i) {
    const auto& a = tree_terms[i];
    const auto& b = terms[i];
    EXPECT_EQ(a.expression, b.expression) << context;
    EXPECT_EQ(a.value, b.value) << context;
    EXPECT_EQ(a.text, b.text) << context;
    EXPECT_EQ(a.is_fact, b.is_fact) << context;
    EXPECT_EQ(a.range.begin, b.range.begin) << context;
    EXPECT_EQ(a.range.end, b.range.end) << context;
    EXPECT_EQ(a.origin.file, b.origin.file) << context;
    EXPECT_EQ(a.origin.begin, b.origin.begin) << context;
    EXPECT_EQ(a.origin_kind, b.origin_kind) << context;
    EXPECT_EQ(a.explanation, b.explanation) << context;
    // The notes the lint engine built from these terms before programs were compiled.
    if (a.is_fact && a.origin.valid()) expected_notes.push_back({a.text, a.origin});
    if (!a.is_fact) expected_notes.push_back({a.text, {}});
  }
  std::vector<DiagnosticNote> notes;
  program.append_why_notes(facts, notes);
  ASSERT_EQ(notes.size(), expected_notes.size()) << context;
  for (std::size_t i = 0; i < notes.size(); ++i) {
    EXPECT_EQ(notes[i].message, expected_notes[i].message) << context;
    EXPECT_EQ(notes[i].range.begin, expected_notes[i].range.begin) << context;
    EXPECT_EQ(notes[i].range.valid(), expected_notes[i].range.valid()) << context;
  }
}

// Each hole prints as the walk's outcome displays: its value, "unknown", or "?" and the error.
void expect_same_text(const eval::CompiledTemplate& compiled, const facts::FactSet& facts, const std::string& context) {
  for (std::size_t hole = 0; hole < compiled.programs.size(); ++hole) {
    if (!compiled.programs[hole]) continue;
    const eval::Outcome tree = eval::oracle::evaluate(*compiled.holes[hole].expr, facts);
    std::string text, error;
    const eval::CompiledExpr::Hole state = compiled.programs[hole]->append_display(facts, text, &error);
    EXPECT_EQ(text, tree.is_known() ? tree.value.display() : tree.is_unknown() ? "unknown" : "?") << context;
    EXPECT_EQ(static_cast<int>(state), static_cast<int>(tree.state)) << context;
    EXPECT_EQ(error, tree.error) << context;
  }
}

TEST(CompiledPolicies, EvaluateTraceAndRenderAsTheTreeWalkerOnEveryExample) {
  Session session(LibraryOptions{});
  ASSERT_TRUE(session.library_diagnostics().empty());
  const auto& policies = session.policies().policies();
  ASSERT_GE(policies.size(), 40u);
  Tally tally;
  // A provider of no facts after the cost facts: every policy (applicable to the kind or
  // not, for more combinations) over each set the fact store hands out.
  struct Compare final : facts::FactProvider {
    std::function<void(facts::FactSet&)> run;
    std::span<const facts::FactId> owned() const override { return {}; }
    void attach(const sema::DeclEntry&, facts::FactSet& facts) override { run(facts); }
  } compare;
  AnalysisOptions options;
  options.providers.push_back(&compare);
  compare.run = [&](facts::FactSet& facts) {
    ++tally.declarations;
    for (const auto& policy : policies) {
      ASSERT_TRUE(policy.require_program);
      const lint::Policy& syntax = policy.syntax();  // the tree a stored policy was compiled from
      if (syntax.when) expect_same(*syntax.when, *policy.when_program, facts, where(policy, facts, "when"), tally);
      expect_same(*syntax.require, *policy.require_program, facts, where(policy, facts, "require"), tally);
      ASSERT_EQ(syntax.severity_when.size(), policy.severity_when.size());
      for (std::size_t i = 0; i < policy.severity_when.size(); ++i) {
        expect_same(*syntax.severity_when[i].condition, *policy.severity_when[i].program, facts,
                    where(policy, facts, "severity_when"), tally);
      }
      if (policy.message_template) expect_same_text(policy.message_template->get(), facts, where(policy, facts, "message"));
      if (policy.hint_template) expect_same_text(policy.hint_template->get(), facts, where(policy, facts, "hint"));
      std::optional<eval::Check> when;
      if (policy.when_program) when = policy.when_program->check(facts);
      tally.violated += eval::judge(when ? &*when : nullptr, policy.require_program->check(facts)) == eval::Verdict::Violated;
    }
  };
  std::size_t files = 0;
  for (const auto& entry : fs::recursive_directory_iterator(fs::path(GPUSPEC_SOURCE_DIR) / "examples")) {
    if (entry.path().extension() != ".gpuspec") continue;
    DiagnosticEngine diags;
    std::string io_error;
    ASSERT_TRUE(analyze_file(session, entry.path().string(), options, diags, &io_error)) << io_error;
    ++files;
  }
  // The comparison saw every outcome: the examples break rules, lack facts and
  // (the cost rules without a price) fail to evaluate.
  EXPECT_GE(files, 20u);
  EXPECT_GE(tally.declarations, 20u);
  EXPECT_GT(tally.violated, 20u);
  EXPECT_GT(tally.known, 1000u);
  EXPECT_GT(tally.unknown, 100u);
  std::cerr << fmt::format("compared {} evaluations ({} unknown, {} errors) of {} declarations; {} violations\n",
                           tally.compared, tally.unknown, tally.errors, tally.declarations, tally.violated);
}

}  // namespace
}  // namespace gpuspec::driver
