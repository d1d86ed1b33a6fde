// The language server's only door into the compiler's analysis: sessions (the
// library and policy pack), the nearest gpuspec.json, loading, checking, linting,
// facts and rule text. Everything else in compiler/lsp reads syntax trees, source
// files and the views declared here, so a redesign of the analysis front half
// changes this file and its .cpp, not the protocol code.
#pragma once

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "ast/ast.h"
#include "diag/diagnostic.h"
#include "lsp/lint_memo.h"
#include "lsp/sema_memo.h"
#include "source/source.h"
#include "syntax/declaration_cache.h"

namespace gpuspec::driver {
class Session;
}
namespace gpuspec::sema {
class Program;
struct LoadedFile;
}

namespace gpuspec::lsp {

// A declaration the document can see: its own, an import's, or the library's.
struct DeclarationView {
  const ast::Declaration* decl = nullptr;
  const SourceFile* file = nullptr;
  bool library = false;
};

// One resolved fact, as `gpuspec facts` reports it.
struct FactView {
  std::string name;         // "memory.total"
  std::string value;        // "256 GB"
  std::string origin;       // declared, catalog, derived, default or estimator
  std::string entry;        // the catalog entry a catalog fact came from
  std::string explanation;  // "8 x 32 GB", "schema default"
  SourceRange range;        // where it came from; may be invalid
};

struct RuleView {
  std::string id;
  Severity severity = Severity::Warning;
  std::string explanation;  // what `gpuspec explain` prints
  SourceRange definition;   // the policy declaration's name
};

// One analysis of one document; immutable once made, shared by the requests that
// read it until the next edit replaces it.
class Analysis {
 public:
  Analysis();
  ~Analysis();
  Analysis(const Analysis&) = delete;
  Analysis& operator=(const Analysis&) = delete;

  const SourceManager& sources() const;
  const SourceFile& document() const;
  const ast::File& syntax() const;  // the document's syntax tree
  // What `check` reports for the document and its imports (waived findings
  // included, marked suppressed), sorted; plus a "config" error when the nearest
  // gpuspec.json or its policy folders could not be used.
  const std::vector<Diagnostic>& diagnostics() const { return diagnostics_; }
  // Which of the diagnostics are findings the lint memo kept, and which ones (lint_memo.h).
  const LentFindings& lent() const { return lent_; }

  std::optional<DeclarationView> find(std::string_view name) const;
  // Declarations of these kinds, the document's and its imports' first, then the library's.
  std::vector<DeclarationView> declarations_of_kind(const std::vector<std::string_view>& kinds) const;
  // The facts of a server, cloud or workload of the document (empty for other kinds).
  std::vector<FactView> facts_of(const ast::Declaration& declaration) const;
  std::optional<RuleView> rule(std::string_view id) const;
  std::vector<std::string> rule_ids() const;
  // The library's files (stdlib and built-in policies), for materialising them.
  std::vector<const SourceFile*> library_files() const;
  // Which of the document's declarations were linted afresh, and how many replayed.
  const LintStats& lint_stats() const { return lint_stats_; }
  // How many of the document's declarations were parsed from their text, and how many copied.
  const syntax::DeclarationParseStats& parse_stats() const { return parse_stats_; }
  // How many of the program's declarations were type-checked, and how many skipped as known clean.
  const CheckStats& check_stats() const { return check_stats_; }

 private:
  friend class CompilerAdapter;
  std::shared_ptr<driver::Session> session_;
  std::unique_ptr<sema::Program> program_;          // null for a library file
  const sema::LoadedFile* document_ = nullptr;
  std::vector<Diagnostic> diagnostics_;
  LentFindings lent_;  // which of diagnostics_ the document's lint memo lent it (lint_memo.h)
  std::vector<std::string> price_paths_;           // the nearest gpuspec.json's "prices"
  LintStats lint_stats_;
  syntax::DeclarationParseStats parse_stats_;
  CheckStats check_stats_;
};

class CompilerAdapter {
 public:
  CompilerAdapter();
  ~CompilerAdapter();

  // Analyses `text` as the file at `path` (imports are read from disk), with the
  // settings of the nearest gpuspec.json, as `gpuspec check` would — confined to the
  // workspace folder holding it (`workspaces`, canonical): its imports and config stay
  // inside, and a document outside every workspace folder reads nothing but its own
  // text (each import is an error saying why). A text over the size cap is not
  // analysed: its one diagnostic says so.
  // `replaced`, when given, is this document's last analysis, which nothing will read
  // again (its syntax tree is taken apart: the declarations an edit did not change are
  // moved into the new tree instead of copied).
  std::shared_ptr<const Analysis> analyze(const std::string& path, std::string text,
                                          const std::vector<std::string>& workspaces, Analysis* replaced = nullptr);
  // A file of the embedded library ("<stdlib>/gpus/nvidia.gpuspec") as a document:
  // its syntax for hover and navigation, no diagnostics. nullopt when there is none.
  std::shared_ptr<const Analysis> library_file(std::string_view library_path);
  // A config or policy file may have changed: later analyses load them again.
  void reload();
  // false: every analysis lints the whole program, keeping nothing (the reference the
  // kept findings are tested against; the `incremental` initialization option).
  void set_incremental(bool incremental) { incremental_ = incremental; }

 private:
  struct CachedSession {
    std::shared_ptr<driver::Session> session;
    std::size_t bytes = 0;  // of the texts analysed in it: its SourceManager keeps them all
    // Each document's findings, kept from one analysis to the next (lint_memo.h); they
    // point into the session's library, so they go with it.
    std::map<std::string, std::unique_ptr<LintMemo>> memos;
    // Each document's declarations' trees, kept by their text (syntax/declaration_cache.h).
    std::map<std::string, std::unique_ptr<syntax::DeclarationCache>> parses;
    // Each document's declarations that type-checked clean (sema_memo.h).
    std::map<std::string, std::unique_ptr<SemaMemo>> checks;
  };
  CachedSession& session_for(const std::string& key, const std::vector<std::string>& policy_dirs, std::size_t bytes);

  std::map<std::string, CachedSession> sessions_;
  bool incremental_ = true;
};

}  // namespace gpuspec::lsp
