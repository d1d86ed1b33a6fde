#include "lint/policy.h"

#include <fmt/format.h>

#include "eval/checker.h"
#include "eval/template.h"

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

// Returns false (with diagnostics) when the policy cannot run.
bool load_one(const ast::Declaration& decl, const sema::LoadedFile& file, bool builtin, DiagnosticEngine& diags,
              Policy& out) {
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
  if (const ast::Property* p = property(decl, "applies")) {
    if (const auto* list = p->value->as<ast::ListExpr>()) {
      for (const auto& item : list->items) out.applies.push_back(name_of(*item));
    } else {
      out.applies.push_back(name_of(*p->value));
    }
  }
  if (const ast::Property* p = property(decl, "when")) {
    out.when = p->value.get();
    eval::check_condition(*out.when, "when", schema, diags);
  }
  if (const ast::Property* p = property(decl, "require")) {
    out.require = p->value.get();
    eval::check_condition(*out.require, "require", schema, diags);
  }
  if (const ast::Property* p = property(decl, "at")) out.at = name_of(*p->value);
  out.message = string_of(decl, "message", &out.message_range).value_or("");
  if (!out.message.empty()) eval::check_template(out.message, out.message_range, schema, diags);
  SourceRange hint_range;
  out.hint = string_of(decl, "hint", &hint_range);
  if (out.hint) eval::check_template(*out.hint, hint_range, schema, diags);
  out.source = string_of(decl, "source").value_or("");
  out.doc = string_of(decl, "doc").value_or("");
  out.help_url = string_of(decl, "help_url").value_or("");
  for (std::size_t i = first_new; i < diags.diagnostics().size(); ++i) {
    if (diags.diagnostics()[i].declaration.empty()) diags.diagnostics()[i].declaration = decl.name;
  }
  return diags.error_count() == errors_before && out.require != nullptr;
}

}  // namespace

const Policy* PolicySet::find(std::string_view id) const {
  for (const auto& p : policies_) {
    if (p.id == id) return &p;
  }
  return nullptr;
}

PolicySet load_policies(const sema::Library& library, const std::vector<const sema::LoadedFile*>& extra,
                        DiagnosticEngine& diags) {
  PolicySet set;
  auto load_file = [&](const sema::LoadedFile& file, bool builtin) {
    for (const auto& decl : file.ast.declarations) {
      if (decl.kind != "policy") continue;
      Policy policy;
      if (load_one(decl, file, builtin, diags, policy)) set.add(std::move(policy));
    }
  };
  for (const auto& file : library.files()) load_file(*file, true);
  for (const auto* file : extra) load_file(*file, false);
  return set;
}

}  // namespace gpuspec::lint
