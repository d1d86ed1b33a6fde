// A loaded policy: a `policy` declaration checked and split into its parts, ready
// to run over fact sets. The built-in pack and users' policy folders load the same way.
#pragma once

#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "ast/ast.h"
#include "diag/diagnostic.h"
#include "eval/compiled.h"
#include "eval/template.h"
#include "lint/pack_reads.h"
#include "sema/program.h"

namespace gpuspec::lint {

// `severity_when { warning = <expr> }`: the level a violation drops to when `condition` holds.
struct SeverityCondition {
  Severity severity = Severity::Warning;
  const ast::Expr* condition = nullptr;
  std::shared_ptr<const eval::CompiledExpr> program;  // `condition` compiled (PolicySet::add)
};

struct Policy;

// The declaration of a policy restored from the build's stored form (policy_store.h),
// read when first asked for (Policy::syntax): once, from any thread.
class PolicySyntax {
 public:
  PolicySyntax(const ast::Declaration& decl, const sema::LoadedFile& file);
  ~PolicySyntax();
  const Policy& get() const;

 private:
  const ast::Declaration* decl_;
  const sema::LoadedFile* file_;
  mutable std::once_flag once_;
  mutable std::unique_ptr<Policy> loaded_;
};

struct Policy {
  std::string id;                   // the declaration name, e.g. "memory.ram-2x-vram"
  Severity severity = Severity::Warning;
  std::vector<SeverityCondition> severity_when;  // each below `severity`
  // On a cloud deployment, a violation names the provider's catalog instances on which
  // the rule holds (the instance's facts are fixed; "add memory" is no remedy there).
  bool suggest_instances = false;
  std::vector<std::string> applies;  // "server", "cloud", "workload"
  const ast::Expr* when = nullptr;   // optional guard
  const ast::Expr* require = nullptr;
  // `when` and `require` compiled once, when the policy joins its set (PolicySet::add
  // fills in what a hand-built policy lacks); immutable, shared by every thread.
  std::shared_ptr<const eval::CompiledExpr> when_program;
  std::shared_ptr<const eval::CompiledExpr> require_program;
  std::string at;                    // property path the finding points at ("memory", "storage.data"); empty = the name
  std::string message;               // with {expr} holes
  SourceRange message_range;
  std::optional<std::string> hint;
  // `message` and `hint`, their holes parsed on first use (a built-in policy's; a user
  // policy's when it loads, to check them); null when absent.
  std::shared_ptr<const eval::LazyTemplate> message_template;
  std::shared_ptr<const eval::LazyTemplate> hint_template;
  std::string source;                // citation, quoting the source in its own language
  std::string english;               // the citation in English when `source` quotes another language; else empty
  // What to show a reader of English: `english`, else `source`.
  const std::string& english_source() const { return english.empty() ? source : english; }
  std::string doc;                   // long explanation
  std::string help_url;              // a page about the rule, when its author has one
  bool builtin = false;              // from the embedded pack
  const ast::Declaration* decl = nullptr;
  const sema::LoadedFile* file = nullptr;

  // A policy restored from the build's stored form (policy_store.h) runs without its
  // declaration's body: `decl`, `when`, `require` and the `severity_when` conditions
  // are null in it. syntax() is the policy with them, the body read on the first call;
  // any other policy is its own syntax. What reads the syntax tree asks it.
  const Policy& syntax() const { return deferred_syntax ? deferred_syntax->get() : *this; }
  std::shared_ptr<const PolicySyntax> deferred_syntax;
};

// A policy judged on a set of facts, as the linter and suggest's prunes judge it: the
// guard (when it has one), the requirement (evaluated only when the guard lets it
// matter) and what the two mean together (eval::judge: Unknown is silent).
struct Judgement {
  bool guarded = false;
  eval::Check when;
  eval::Check require;
  eval::Verdict verdict = eval::Verdict::Silent;
};
Judgement judge(const Policy& policy, const facts::FactSet& facts);

// All policies of a run, checked when loaded: an unknown fact, a unit mismatch, a
// symbol a fact cannot take, a bad template or two policies with one id are
// diagnostics in the policy file, reported before any spec is linted.
class PolicySet {
 public:
  const std::vector<Policy>& policies() const { return policies_; }
  const Policy* find(std::string_view id) const;
  // Every policy's id, in load order (for did-you-mean suggestions).
  std::vector<std::string_view> ids() const;
  // Compiles the policy's expressions and templates where it lacks them.
  void add(Policy policy);
  // As add, with what the policy reads already known (policy_reads of the same policy,
  // stored by the build: pack_reads.h), so its templates' holes are not read again.
  void add(Policy policy, std::span<const facts::FactId> reads);
  // Indices into policies() of those that apply to a declaration kind ("server"), in
  // load order: linting a server never visits the cloud and workload rules.
  const std::vector<std::size_t>& indices_for(std::string_view kind) const;
  // Indices of the policies that may read fact `id` (in `when`, `require`,
  // `severity_when`, the message or the hint), in load order.
  const std::vector<std::size_t>& readers_of(facts::FactId id) const;
  // Of those that may read any of `ids` (the facts one provider owns, fact_provider.h):
  // how a caller picks rules by what they read, never by how their ids are spelled.
  std::vector<std::size_t> readers_of(std::span<const facts::FactId> ids) const;

 private:
  void append(Policy policy, std::span<const facts::FactId> reads);

  std::vector<Policy> policies_;
  std::map<std::string, std::vector<std::size_t>, std::less<>> by_kind_;
  std::vector<std::vector<std::size_t>> readers_;  // by FactId
};

// The facts a policy may read (in `when`, `require`, `severity_when`, the message or the
// hint), as the fact-reader index takes them: the programs' reads, then the templates'
// (LazyTemplate::collect_reads, which compiles no hole that is one fact name). A symbol
// literal, which names no fact, is left out. `policy` has its programs (PolicySet::add).
std::vector<facts::FactId> policy_reads(const Policy& policy);

// Loads the `policy` declarations of the library (the built-in pack) and of `extra`
// (user policy folders, already parsed and schema-checked). `library_checked`: the build
// loaded this library's policies and found nothing (syntax::embedded_library_checks_clean),
// so they are not type-checked again and their templates compile on first use; their
// programs and fact-reader index are what a checked load makes. `stored`: the built-in
// policies' reads as the build found them (installed_pack_reads), taken for a checked
// library's policy whose id is the one stored at its place; any other collects its own.
// The build's stored form of the built-in policies (stored[i].form, policy_store.h) is
// taken, when the library is checked and the id at its place matches, instead of
// reading and compiling the declaration.
PolicySet load_policies(const sema::Library& library, const std::vector<const sema::LoadedFile*>& extra,
                        DiagnosticEngine& diags, bool library_checked = false,
                        std::span<const StoredPolicyReads> stored = {});

}  // namespace gpuspec::lint
