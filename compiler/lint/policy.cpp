#include "lint/policy.h"

#include <fmt/format.h>

#include <algorithm>

#include "eval/checker.h"
#include "lint/policy_store.h"

namespace gpuspec::lint {

namespace {

const ast::Property* property(const ast::Declaration& decl, std::string_view key) {
  for (const auto& item : decl.body.items) {
    if (const auto* p = std::get_if<ast::Property>(&item); p && p->key == key) return p;
  }
  return nullptr;
}

std::optional<std::string> string_of(const ast::Declaration& decl, std::string_view key, SourceRange* range = nullptr) {
  const ast::Property* p = property(decl, key);
  if (!p) return std::nullopt;
  const auto* s = p->value->as<ast::StringLit>();
  if (!s) return std::nullopt;
  if (range) *range = p->value->range;
  return s->value;
}

std::string name_of(const ast::Expr& expr) {
  if (const auto* n = expr.as<ast::Name>()) return n->name;
  return {};
}

const ast::Block* block(const ast::Declaration& decl, std::string_view key) {
  for (const auto& item : decl.body.items) {
    if (const auto* b = std::get_if<std::unique_ptr<ast::Block>>(&item); b && (*b)->key == key) return b->get();
  }
  return nullptr;
}

// `severity_when { warning = ... }`: each level must be below the policy's severity,
// or the block could raise a finding the rule reference does not announce.
void load_severity_when(const ast::Declaration& decl, const eval::FactSchema& schema, bool checked,
                        DiagnosticEngine& diags, Policy& out) {
  const ast::Block* when = block(decl, "severity_when");
  if (!when) return;
  for (const auto& item : when->body.items) {
    const auto* p = std::get_if<ast::Property>(&item);
    if (!p) continue;
    if (p->key != "warning" && p->key != "info") continue;  // the schema reported it
    auto level = parse_severity(p->key);
    if (*level <= out.severity) {
      diags.error("policy-severity", p->key_range,
                  fmt::format("severity_when can only lower the severity: '{}' is not below '{}'", p->key,
                              severity_name(out.severity)));
      continue;
    }
    if (!checked) eval::check_condition(*p->value, fmt::format("severity_when.{}", p->key), schema, diags);
    out.severity_when.push_back({*level, p->value.get()});
  }
}

// Returns false (with diagnostics) when the policy cannot run. `checked`: the build
// checked it (load_policies), so its expressions and templates are not checked again.
bool load_one(const ast::Declaration& decl, const sema::LoadedFile& file, bool builtin, bool checked,
              DiagnosticEngine& diags, Policy& out) {
  const auto& schema = eval::FactSchema::builtin();
  std::size_t errors_before = diags.error_count();
  std::size_t first_new = diags.diagnostics().size();
  out.id = decl.name;
  out.decl = &decl;
  out.file = &file;
  out.builtin = builtin;
  if (const ast::Property* p = property(decl, "severity")) {
    out.severity = parse_severity(name_of(*p->value)).value_or(Severity::Warning);
  }
  load_severity_when(decl, schema, checked, diags, out);
  if (const ast::Property* p = property(decl, "suggest_instances")) {
    if (const auto* b = p->value->as<ast::BoolLit>()) out.suggest_instances = b->value;
  }
  if (const ast::Property* p = property(decl, "applies")) {
    if (const auto* list = p->value->as<ast::ListExpr>()) {
      for (const auto& item : list->items) out.applies.push_back(name_of(*item));
    } else {
      out.applies.push_back(name_of(*p->value));
    }
  }
  if (const ast::Property* p = property(decl, "when")) {
    out.when = p->value.get();
    if (!checked) eval::check_condition(*out.when, "when", schema, diags);
  }
  if (const ast::Property* p = property(decl, "require")) {
    out.require = p->value.get();
    if (!checked) eval::check_condition(*out.require, "require", schema, diags);
  }
  if (const ast::Property* p = property(decl, "at")) out.at = name_of(*p->value);
  // A checked policy's templates are left to PolicySet::add, which compiles on first use.
  auto text = [&](const std::string& text, SourceRange range) {
    return std::make_shared<const eval::LazyTemplate>(eval::check_and_compile_template(text, range, schema, diags));
  };
  out.message = string_of(decl, "message", &out.message_range).value_or("");
  if (!out.message.empty() && !checked) out.message_template = text(out.message, out.message_range);
  SourceRange hint_range;
  out.hint = string_of(decl, "hint", &hint_range);
  if (out.hint && !checked) out.hint_template = text(*out.hint, hint_range);
  out.source = string_of(decl, "source").value_or("");
  out.english = string_of(decl, "english").value_or("");
  out.doc = string_of(decl, "doc").value_or("");
  out.help_url = string_of(decl, "help_url").value_or("");
  for (std::size_t i = first_new; i < diags.diagnostics().size(); ++i) {
    if (diags.diagnostics()[i].declaration.empty()) diags.diagnostics()[i].declaration = decl.name;
  }
  return diags.error_count() == errors_before && out.require != nullptr;
}

}  // namespace

PolicySyntax::PolicySyntax(const ast::Declaration& decl, const sema::LoadedFile& file) : decl_(&decl), file_(&file) {}
PolicySyntax::~PolicySyntax() = default;

const Policy& PolicySyntax::get() const {
  std::call_once(once_, [this] {
    auto policy = std::make_unique<Policy>();
    DiagnosticEngine none;  // the build loaded this declaration without a diagnostic
    load_one(file_->ast.read(*decl_), *file_, true, true, none, *policy);
    loaded_ = std::move(policy);
  });
  return *loaded_;
}

namespace {

// What add fills in of a hand-built or unchecked policy: its programs and templates.
void compile_missing(Policy& policy) {
  auto compile = [](const ast::Expr* expr, std::shared_ptr<const eval::CompiledExpr>& program) {
    if (expr && !program) program = std::make_shared<const eval::CompiledExpr>(eval::CompiledExpr::compile(*expr));
  };
  compile(policy.when, policy.when_program);
  compile(policy.require, policy.require_program);
  for (auto& lower : policy.severity_when) compile(lower.condition, lower.program);
  if (!policy.message.empty() && !policy.message_template) {
    policy.message_template = std::make_shared<const eval::LazyTemplate>(policy.message);
  }
  if (policy.hint && !policy.hint_template) policy.hint_template = std::make_shared<const eval::LazyTemplate>(*policy.hint);
}

}  // namespace

void PolicySet::add(Policy policy) {
  compile_missing(policy);
  const std::vector<facts::FactId> reads = policy_reads(policy);
  append(std::move(policy), reads);
}

void PolicySet::add(Policy policy, std::span<const facts::FactId> reads) {
  compile_missing(policy);
  append(std::move(policy), reads);
}

void PolicySet::append(Policy policy, std::span<const facts::FactId> reads) {
  std::size_t index = policies_.size();
  for (const auto& kind : policy.applies) {
    auto& indices = by_kind_[kind];
    if (indices.empty() || indices.back() != index) indices.push_back(index);  // `applies = [server, server]`
  }
  for (facts::FactId id : reads) {
    if (readers_.size() <= id) readers_.resize(id + 1u);
    auto& readers = readers_[id];
    if (readers.empty() || readers.back() != index) readers.push_back(index);
  }
  policies_.push_back(std::move(policy));
}

std::vector<facts::FactId> policy_reads(const Policy& policy) {
  std::vector<facts::FactKey> keys;
  auto program = [&](const std::shared_ptr<const eval::CompiledExpr>& p) {
    if (p) p->collect_reads(keys);
  };
  program(policy.when_program);
  program(policy.require_program);
  for (const auto& lower : policy.severity_when) program(lower.program);
  std::vector<facts::FactId> ids;
  for (const auto& key : keys) ids.push_back(key.id);
  // The templates' reads without compiling them (LazyTemplate::collect_reads).
  if (policy.message_template) policy.message_template->collect_reads(ids);
  if (policy.hint_template) policy.hint_template->collect_reads(ids);
  std::erase(ids, facts::kNoFactId);  // a symbol literal: no fact has its name
  return ids;
}

const std::vector<std::size_t>& PolicySet::readers_of(facts::FactId id) const {
  static const std::vector<std::size_t> none;
  return id < readers_.size() ? readers_[id] : none;
}

std::vector<std::size_t> PolicySet::readers_of(std::span<const facts::FactId> ids) const {
  std::vector<std::size_t> out;
  for (facts::FactId id : ids) {
    const auto& readers = readers_of(id);
    out.insert(out.end(), readers.begin(), readers.end());
  }
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

const std::vector<std::size_t>& PolicySet::indices_for(std::string_view kind) const {
  static const std::vector<std::size_t> none;
  auto it = by_kind_.find(kind);
  return it == by_kind_.end() ? none : it->second;
}

std::vector<std::string_view> PolicySet::ids() const {
  std::vector<std::string_view> out;
  for (const auto& p : policies_) out.push_back(p.id);
  return out;
}

const Policy* PolicySet::find(std::string_view id) const {
  for (const auto& p : policies_) {
    if (p.id == id) return &p;
  }
  return nullptr;
}

PolicySet load_policies(const sema::Library& library, const std::vector<const sema::LoadedFile*>& extra,
                        DiagnosticEngine& diags, bool library_checked, std::span<const StoredPolicyReads> stored) {
  PolicySet set;
  std::size_t builtin_index = 0;  // among the built-in policies added, where `stored` has each
  auto load_file = [&](const sema::LoadedFile& file, bool builtin) {
    for (const auto& decl : file.ast.declarations) {
      if (decl.kind != "policy") continue;
      const bool at_place = builtin && library_checked && builtin_index < stored.size();
      if (at_place && stored[builtin_index].policy == decl.name) {
        if (auto restored = restore_policy(stored[builtin_index].form, decl, file)) {
          set.add(std::move(*restored), stored[builtin_index].reads);
          ++builtin_index;
          continue;
        }
      }
      Policy policy;
      if (!load_one(file.ast.read(decl), file, builtin, builtin && library_checked, diags, policy)) continue;
      if (at_place && stored[builtin_index].policy == policy.id) {
        set.add(std::move(policy), stored[builtin_index].reads);
      } else {
        set.add(std::move(policy));
      }
      builtin_index += builtin;
    }
  };
  // The stdlib's bodies stay unread: only the policies' are needed here.
  for (const auto& file : library.files_with_deferred_bodies()) load_file(*file, true);
  for (const auto* file : extra) load_file(*file, false);
  return set;
}

Judgement judge(const Policy& policy, const facts::FactSet& facts) {
  using Kind = eval::Check::Kind;
  Judgement out;
  out.guarded = policy.when_program != nullptr;
  if (out.guarded) policy.when_program->check_into(facts, out.when);
  if (!out.guarded || out.when.kind == Kind::True || out.when.kind == Kind::NotBool) {
    policy.require_program->check_into(facts, out.require);
  }
  out.verdict = eval::judge(out.guarded ? &out.when : nullptr, out.require);
  return out;
}

}  // namespace gpuspec::lint
