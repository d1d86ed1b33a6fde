#include "lsp/compiler_adapter.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <stdexcept>

#include "backends/cost/cost_facts.h"
#include "backends/cost/price_files.h"
#include "diag/diagnostic_order.h"
#include "driver/analysis.h"
#include "driver/config.h"
#include "driver/load_spec.h"
#include "driver/explain_text.h"
#include "driver/session.h"
#include "facts/probed_origin.h"
#include "facts/resolve.h"
#include "sema/program.h"
#include "source/confinement.h"

namespace gpuspec::lsp {

namespace {

// A session's SourceManager keeps every text loaded through it. Starting a fresh
// session once this many bytes were analysed in it bounds the memory of a long editing
// session; loading one costs about 20 ms (test/bench/README.md), and its documents are
// then linted whole again (their kept findings go with it). It used to be every 50
// analyses, which dropped the kept findings every 50 edits.
constexpr std::size_t kBytesPerSession = std::size_t{32} << 20;

const char* origin_name(facts::Origin::Kind kind) {
  switch (kind) {
    case facts::Origin::Kind::Declared: return "declared";
    case facts::Origin::Kind::Catalog: return "catalog";
    case facts::Origin::Kind::Derived: return "derived";
    case facts::Origin::Kind::Default: return "default";
    case facts::Origin::Kind::Estimator: return "estimator";
  }
  return "declared";
}

// Where a document may read from (source/confinement.h).
struct DocumentScope {
  ProjectRoot imports;                               // the CLI's project root, no wider than the workspace
  std::optional<std::filesystem::path> workspace;    // the folder holding it; none: it reads nothing
};

DocumentScope scope_of(const std::string& path, const std::vector<std::string>& workspaces) {
  std::vector<std::filesystem::path> folders(workspaces.begin(), workspaces.end());
  // An unsaved buffer's "path" is its URI: it is in no folder.
  auto workspace = std::filesystem::path(path).is_absolute() ? workspace_of(path, folders) : std::nullopt;
  if (!workspace) {
    std::string why = workspaces.empty()
                          ? "the editor opened no workspace folder, and imports are read only inside one"
                          : fmt::format("the document is outside every workspace folder the editor opened ({})",
                                        fmt::join(workspaces, ", "));
    return {ProjectRoot::none(why), std::nullopt};
  }
  ProjectRoot root = ProjectRoot::of_file(path);
  if (!is_within(root.folder(), *workspace)) root = ProjectRoot::at(*workspace);
  return {root, workspace};
}

DeclarationView view_of(const sema::DeclEntry& entry) {
  return DeclarationView{entry.decl, entry.file->source, entry.file->library};
}

bool kind_in(std::string_view kind, const std::vector<std::string_view>& kinds) {
  for (auto k : kinds) {
    if (k == kind) return true;
  }
  return false;
}

}  // namespace

Analysis::Analysis() = default;
Analysis::~Analysis() = default;

const SourceManager& Analysis::sources() const { return session_->sources(); }
const SourceFile& Analysis::document() const { return *document_->source; }
const ast::File& Analysis::syntax() const { return document_->ast; }

std::optional<DeclarationView> Analysis::find(std::string_view name) const {
  const sema::DeclEntry* entry = program_ ? program_->find(name) : session_->library().index().find(name);
  if (!entry || !entry->decl || !entry->file) return std::nullopt;
  return view_of(*entry);
}

std::vector<DeclarationView> Analysis::declarations_of_kind(const std::vector<std::string_view>& kinds) const {
  std::vector<DeclarationView> out;
  if (program_) {
    for (const auto* entry : program_->user_declarations()) {
      if (kind_in(entry->decl->kind, kinds)) out.push_back(view_of(*entry));
    }
  }
  for (const auto& [name, entry] : session_->library().index().entries()) {
    if (!kind_in(entry.decl->kind, kinds)) continue;
    if (program_ && program_->index().find(name)) continue;  // shadowed by the program's own
    out.push_back(view_of(entry));
  }
  return out;
}

std::vector<FactView> Analysis::facts_of(const ast::Declaration& declaration) const {
  std::vector<FactView> out;
  if (!program_ || !facts::has_facts(declaration.kind)) return out;
  const sema::DeclEntry* entry = program_->find(declaration.name);
  if (!entry || entry->decl != &declaration) return out;
  DiagnosticEngine ignored;  // the analysis reported them already
  // The cost.* facts the budget and deployment rules read, as `gpuspec facts` shows them,
  // from the price books the project's gpuspec.json names (an unreadable one: the stdlib's).
  std::string price_error;
  auto book = driver::spec_price_book(*session_, {program_.get()}, price_paths_, ignored, price_error);
  if (!book) book = cost::build_price_book(*program_);
  facts::FactStore store(*program_);
  cost::CostFacts cost_facts(store, *book);
  store.add_provider(cost_facts);
  const facts::FactSet& resolved = store.resolve(*entry, ignored);
  for (const auto& [name, fact] : resolved.sorted()) {
    std::string explanation = fact->origin.explanation;
    if (const std::string* probed = facts::probed_from(resolved, name, *fact)) {  // a probed server's fact
      explanation += (explanation.empty() ? "probed: " : "; probed: ") + *probed;
    }
    out.push_back(FactView{std::string(name), fact->value.display(), origin_name(fact->origin.kind), fact->origin.entry,
                           std::move(explanation), fact->origin.range});
  }
  return out;
}

std::optional<RuleView> Analysis::rule(std::string_view id) const {
  const lint::Policy* policy = session_->policies().find(id);
  if (!policy) return std::nullopt;
  return RuleView{policy->id, policy->severity, driver::explain_text(*policy, session_->sources()),
                  policy->syntax().decl ? policy->syntax().decl->name_range : SourceRange{}};
}

std::vector<std::string> Analysis::rule_ids() const {
  std::vector<std::string> out;
  for (auto id : session_->policies().ids()) out.emplace_back(id);
  return out;
}

std::vector<const SourceFile*> Analysis::library_files() const {
  std::vector<const SourceFile*> out;
  for (const auto& file : session_->library().files()) out.push_back(file->source);
  return out;
}

CompilerAdapter::CompilerAdapter() = default;
CompilerAdapter::~CompilerAdapter() = default;

CompilerAdapter::CachedSession& CompilerAdapter::session_for(const std::string& key,
                                                             const std::vector<std::string>& policy_dirs,
                                                             std::size_t bytes) {
  CachedSession& slot = sessions_[key];
  if (!slot.session || slot.bytes + bytes > kBytesPerSession) {
    slot.session = std::make_shared<driver::Session>(driver::LibraryOptions{std::nullopt, policy_dirs});
    slot.bytes = 0;
    slot.memos.clear();
    slot.parses.clear();
    slot.checks.clear();
  }
  slot.bytes += bytes;
  return slot;
}

void CompilerAdapter::reload() { sessions_.clear(); }

std::shared_ptr<const Analysis> CompilerAdapter::analyze(const std::string& path, std::string text,
                                                         const std::vector<std::string>& workspaces,
                                                         Analysis* replaced) {
  // The CLI's size cap: a larger buffer is not parsed (a 30 MB one took 3 GB).
  std::optional<std::string> too_large = over_size_cap(text.size());
  if (too_large) text.clear();
  DocumentScope scope = scope_of(path, workspaces);
  // What stops `check` with exit 2 (a broken config, an unreadable policy folder, a
  // policy with errors, an unknown rule id) is one "config" error on the first line
  // here; the file is still parsed and type-checked, just not linted.
  std::optional<std::string> problem;
  driver::LintConfig config;
  driver::ConfigFinder finder(scope.workspace);
  if (auto config_path = scope.workspace ? finder.nearest(path) : std::nullopt) {
    std::string error;
    if (auto loaded = driver::load_config(*config_path, error)) {
      config = std::move(*loaded);
    } else {
      problem = error;
    }
  }
  std::string key = config.path;
  for (const auto& dir : config.policy_dirs) key += "\n" + dir;
  CachedSession* slot = &session_for(key, config.policy_dirs, text.size());
  const bool load_failed = slot->session->load_error().has_value();
  if (load_failed) {
    problem = fmt::format("{} (named in {})", *slot->session->load_error(), config.path);
    slot = &session_for("", {}, text.size());
  }
  auto session = slot->session;
  if (load_failed) {
  } else if (!session->library_diagnostics().empty()) {
    for (const auto& d : session->library_diagnostics()) {
      if (d.severity != Severity::Error) continue;
      std::string where = d.range.valid() ? session->sources().file(d.range.file).path() : config.path;
      problem = fmt::format("the policies named in {} have errors (first: {}: {}); `gpuspec check` lists them",
                            config.path, where, d.message);
      break;
    }
  }
  if (!problem) problem = driver::unknown_rule(config, session->policies().ids());
  // The config's price books, as `check` reads them: one that cannot be read is the
  // config's problem, and the file is linted without it.
  if (!problem && !config.price_files.empty()) {
    const driver::PriceFiles& prices = session->price_files(config.price_files);
    if (!prices.error.empty()) {
      problem = fmt::format("{} (named in {})", prices.error, config.path);
    } else if (!prices.diagnostics.empty()) {
      problem = fmt::format("the price books named in {} have errors; `gpuspec check` lists them", config.path);
    }
  }

  driver::AnalysisOptions options;
  options.lint = !problem;
  options.lint_options.disabled = lint::disabled_rules(config.rules, session->policies().ids());
  options.lint_options.severities = config.severities;
  options.lint_options.today = driver::today_for_waivers();
  if (!problem) options.price_paths = config.price_files;
  options.import_root = scope.imports;
  DiagnosticEngine diags;
  auto analysis = std::make_shared<Analysis>();
  // What driver::analyze_text does, but the lint goes through the document's memo:
  // the same diagnostics, most of them replayed (lint_memo.h).
  sema::ParseRoot parse_root;
  SemaMemo* checks = nullptr;
  if (incremental_) {
    std::unique_ptr<SemaMemo>& kept = slot->checks[path];
    if (!kept) kept = std::make_unique<SemaMemo>();
    checks = kept.get();
    checks->begin();
    std::unique_ptr<syntax::DeclarationCache>& parses = slot->parses[path];
    if (!parses) parses = std::make_unique<syntax::DeclarationCache>();
    // The replaced analysis's tree, if it is this document's in this session (the cache
    // checks that it is the tree it made last).
    ast::File* donor = nullptr;
    if (replaced && replaced->session_ == session && replaced->program_ && replaced->document_ &&
        replaced->document_->source->path() == path) {
      donor = &const_cast<sema::LoadedFile*>(replaced->document_)->ast;
    }
    parse_root = [&parses, &analysis, donor](const SourceFile& source, DiagnosticEngine& d) {
      ast::File file = parses->parse(source, d, donor);
      analysis->parse_stats_ = parses->stats();
      return file;
    };
  }
  driver::LoadedSpec spec =
      driver::load_spec_text(*session, path, std::move(text), diags, options.import_root, parse_root, checks);
  if (!incremental_) analysis->parse_stats_ = {spec.program.files().front()->ast.declarations.size(), 0, true};
  if (checks) analysis->check_stats_ = checks->sweep();
  if (options.lint) {
    std::string price_error;
    auto book = driver::spec_price_book(*session, {&spec.program}, options.price_paths, diags, price_error);
    // It fails only on a price file that cannot be read, refused above.
    if (!book) throw std::runtime_error("the analysis of '" + path + "' could not read a price book: " + price_error);
    options.lint_options.not_linted = std::move(spec.broken);
    if (incremental_) {
      std::unique_ptr<LintMemo>& memo = slot->memos[path];
      if (!memo) memo = std::make_unique<LintMemo>();
      std::string setting = key;
      for (const auto& price_path : options.price_paths) setting += "\n" + price_path;
      // The replaced analysis gives back the findings the memo lent it (the memo checks
      // that they are its own).
      memo->lint(spec.program, session->policies(), options.lint_options, *book, setting, diags, analysis->lint_stats_,
                 analysis->lent_, replaced ? &replaced->diagnostics_ : nullptr, replaced ? &replaced->lent_ : nullptr);
    } else {
      lint_with_cost(spec.program, session->policies(), options.lint_options, *book, diags);
    }
  }

  analysis->session_ = session;
  analysis->price_paths_ = options.price_paths;
  analysis->program_ = std::make_unique<sema::Program>(std::move(spec.program));
  analysis->document_ = analysis->program_->files().front().get();
  if (problem) {
    diags.error("config", SourceRange{analysis->document_->source->id(), 0, 0}, *problem);
  }
  if (too_large) {
    diags.error("file-too-large", SourceRange{analysis->document_->source->id(), 0, 0},
                fmt::format("the document is not checked: it {}", *too_large));
  }
  // Sorted as DiagnosticEngine::sort does, the lent findings' places moved along.
  const std::vector<std::uint32_t> order = sorted_order(diags.diagnostics(), session->sources());
  if (in_order(order)) {
    analysis->diagnostics_ = std::move(diags.diagnostics());
  } else {
    analysis->diagnostics_.reserve(order.size());
    for (std::uint32_t index : order) analysis->diagnostics_.push_back(std::move(diags.diagnostics()[index]));
    analysis->lent_.reorder(order);
  }
  return analysis;
}

std::shared_ptr<const Analysis> CompilerAdapter::library_file(std::string_view library_path) {
  auto cached = sessions_.find("");
  auto session = cached != sessions_.end() && cached->second.session ? cached->second.session : session_for("", {}, 0).session;
  for (const auto& file : session->library().files()) {
    if (file->source->path() != library_path) continue;
    auto analysis = std::make_shared<Analysis>();
    analysis->session_ = session;
    analysis->document_ = file.get();
    return analysis;
  }
  return nullptr;
}

}  // namespace gpuspec::lsp
