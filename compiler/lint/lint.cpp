#include "lint/lint.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>

#include "eval/outcome.h"
#include "eval/expr_text.h"
#include "eval/template.h"
#include "eval/template_memo.h"
#include "facts/properties.h"
#include "facts/resolve.h"
#include "lint/instead.h"
#include "lint/waivers.h"

namespace gpuspec::lint {

namespace {

// Where a finding points: the `at` property (or block) of the declaration, else its name.
SourceRange finding_range(const ast::Declaration& decl, const std::string& at) {
  if (!at.empty()) {
    if (const ast::Property* p = facts::find_property(decl.body, at)) return p->range;
    if (const ast::Block* b = facts::find_block(decl.body, at)) return b->key_range;
  }
  return decl.name_range;
}

// The level a violation is reported at: the user's --severity wins; else the lowest
// `severity_when` level whose condition holds; else the policy's severity. The
// condition that lowered it is returned for a note.
struct Level {
  Severity severity;
  const SeverityCondition* lowered_by = nullptr;
};

Level level_of(const Policy& policy, const LintOptions& options, const facts::FactSet& facts) {
  if (auto it = options.severities.find(policy.id); it != options.severities.end()) return {it->second};
  Level level{policy.severity};
  for (const auto& lower : policy.severity_when) {
    if (lower.severity > level.severity && lower.program->check(facts).kind == eval::Check::Kind::True) {
      level = {lower.severity, &lower};
    }
  }
  return level;
}

class DeclarationLinter {
 public:
  DeclarationLinter(const sema::Program& program, const PolicySet& policies, const LintOptions& options,
                    DiagnosticEngine& diags, const facts::FactStore& store)
      : program_(program), policies_(policies), options_(options), diags_(diags), store_(store) {}

  void lint(const sema::DeclEntry& entry, const facts::FactSet& facts) {
    const ast::Declaration& decl = *entry.decl;
    ranges_.clear();
    WaiverLedger waivers(decl, options_.today);
    for (std::size_t index : policies_.indices_for(decl.kind)) {
      const Policy& policy = policies_.policies()[index];
      if (options_.disabled.count(policy.id)) continue;
      run(policy, entry, facts, options_.no_waivers ? nullptr : &waivers);
    }
    if (!options_.no_waivers) waivers.report_unused(policies_, options_.disabled, diags_);
  }

 private:
  void run(const Policy& policy, const sema::DeclEntry& entry, const facts::FactSet& facts, WaiverLedger* waivers) {
    const ast::Declaration& decl = *entry.decl;
    // A false or unknown guard decides alone (see eval::judge); the requirement is
    // evaluated only when it can matter, and traced only when it failed.
    using Kind = eval::Check::Kind;
    const Judgement judged = judge(policy, facts);
    const bool guarded = judged.guarded;
    const eval::Check& when = judged.when;
    const eval::Check& require = judged.require;
    switch (judged.verdict) {
      case eval::Verdict::Holds:
      case eval::Verdict::Silent:
        return;
      case eval::Verdict::Error: {
        // Fail closed: a rule that could not be checked is reported at the rule's own
        // severity (or the user's --severity), so an error rule that overflows still
        // fails the run; `severity_when` cannot lower it, since its facts did not evaluate.
        const eval::Check& failed = guarded && when.kind == Kind::Error ? when : require;
        Severity severity = severity_of(policy);
        auto& d = diags_.report("policy.evaluation-error", severity, range_at(decl, policy.at),
                                fmt::format("policy '{}' could not be evaluated for '{}': {}", policy.id, decl.name,
                                            failed.kind == Kind::Error ? failed.error : "the requirement is not true or false"));
        d.declaration = decl.name;
        if (failed.error_range.valid()) d.notes.push_back({"in this part of the policy", failed.error_range});
        d.notes.push_back({fmt::format("reported at the severity of '{}' ({}): a rule that could not be checked must not pass",
                                       policy.id, severity_name(severity)),
                           {}});
        if (waivers) waivers->note_unwaivable(d, policy.id);
        return;
      }
      case eval::Verdict::Violated:
        break;
    }
    const Level level = level_of(policy, options_, facts);
    std::string message = policy.message.empty() ? fmt::format("'{}' does not hold", policy.id)
                                                  : render(policy.message_template, policy.message, facts);
    Diagnostic& d = diags_.report(policy.id, level.severity, range_at(decl, policy.at), std::move(message));
    d.declaration = decl.name;
    if (policy.suggest_instances && decl.kind == "cloud") {
      d.hint = instead_hint(program_, entry, facts, policy, store_);
    } else if (policy.hint) {
      d.hint = render(policy.hint_template, *policy.hint, facts);
    }
    policy.require_program->append_why_notes(facts, d.notes);
    if (level.lowered_by) d.notes.push_back({lowered_note(policy, level, facts), {}});
    if (waivers) waivers->apply(d);
  }

  // finding_range, looked up once per `at` path and declaration: a server's ~9 findings
  // share a few paths (most point at its name).
  SourceRange range_at(const ast::Declaration& decl, const std::string& at) {
    for (const auto& [path, range] : ranges_) {
      if (path == at) return range;
    }
    const SourceRange range = finding_range(decl, at);
    ranges_.emplace_back(at, range);
    return range;
  }

  // A template compiled at load; a policy built by hand (tests) may lack the compiled form.
  // The text is rendered once per distinct values of what it reads (template_memo.h).
  static std::string render(const std::shared_ptr<const eval::LazyTemplate>& compiled, const std::string& text,
                            const facts::FactSet& facts) {
    return compiled ? eval::render_template_text(*compiled, facts) : eval::render_template(text, facts).text;
  }

  Severity severity_of(const Policy& policy) const {
    auto it = options_.severities.find(policy.id);
    return it != options_.severities.end() ? it->second : policy.severity;
  }

  // "reported as a warning, not an error: `frugal <= vram` holds (frugal = 28 GB, ...)".
  static std::string lowered_note(const Policy& policy, const Level& level, const facts::FactSet& facts) {
    std::vector<std::string> values;
    for (const auto& term : level.lowered_by->program->trace(facts)) values.push_back(fmt::format("{} = {}", term.expression, term.value));
    // The condition as written, from the declaration (a stored policy reads it now).
    const auto lowered = static_cast<std::size_t>(level.lowered_by - policy.severity_when.data());
    const ast::Expr& condition = *policy.syntax().severity_when[lowered].condition;
    return fmt::format("reported as {}, not {}: `{}` holds{}", severity_name(level.severity),
                       severity_name(policy.severity), eval::expr_text(condition),
                       values.empty() ? "" : fmt::format(" ({})", fmt::join(values, ", ")));
  }

  const sema::Program& program_;
  const PolicySet& policies_;
  const LintOptions& options_;
  DiagnosticEngine& diags_;
  const facts::FactStore& store_;
  std::vector<std::pair<std::string_view, SourceRange>> ranges_;  // range_at's, for the declaration being linted
};

}  // namespace

void lint_program(const sema::Program& program, const PolicySet& policies, const LintOptions& options,
                  DiagnosticEngine& diags, facts::FactStore* store) {
  facts::FactStore plain(program);
  facts::FactStore& resolver = store ? *store : plain;
  DeclarationLinter linter(program, policies, options, diags, resolver);
  for (const auto& file : program.files()) {
    for (const auto& decl : file->ast.declarations) {
      if (!facts::has_facts(decl.kind) || options.not_linted.count(&decl)) continue;
      const sema::DeclEntry* entry = program.find(decl.name);
      if (!entry || entry->decl != &decl) continue;  // a duplicate: already an error
      linter.lint(*entry, resolver.resolve(*entry, diags));
      // Linted: its findings are reported. The cost facts keep their quotes, not the
      // set; a later quote of it resolves it again.
      resolver.release(*entry);
    }
  }
}

}  // namespace gpuspec::lint
