#include "lsp/hover.h"

#include <fmt/format.h>

#include "backends/writers/markdown_table.h"
#include "lsp/schema_lookup.h"
#include "lsp/syntax_lookup.h"

namespace gpuspec::lsp {

namespace {

using writers::markdown_cell;

bool within(SourceRange inner, SourceRange outer) {
  return inner.valid() && outer.valid() && inner.file == outer.file && outer.begin <= inner.begin && inner.end <= outer.end;
}

std::string origin_text(const Analysis& analysis, const FactView& fact) {
  std::string out = fact.origin;
  if (!fact.entry.empty()) out += fmt::format(" `{}`", fact.entry);
  if (!fact.explanation.empty()) out += ": " + fact.explanation;
  if (fact.range.valid() && fact.origin == "declared") {
    out += fmt::format(" (line {})", analysis.sources().start_of(fact.range).line);
  }
  return out;
}

std::string facts_table(const Analysis& analysis, const std::vector<const FactView*>& facts) {
  writers::MarkdownTable table;
  table.header({"fact", "value", "origin"});
  for (const auto* fact : facts) {
    table.row({"`" + fact->name + "`", markdown_cell(fact->value), markdown_cell(origin_text(analysis, *fact))});
  }
  return table.str();
}

// The facts of the declaration around `target` that came from `where`, or from catalog `entry`.
std::string facts_section(const Analysis& analysis, const SyntaxTarget& target, SourceRange where, std::string_view entry) {
  if (!target.declaration) return {};
  std::vector<FactView> all = analysis.facts_of(*target.declaration);
  std::vector<const FactView*> picked;
  for (const auto& fact : all) {
    if (within(fact.range, where) || (!entry.empty() && fact.entry == entry)) picked.push_back(&fact);
  }
  if (picked.empty()) return {};
  return fmt::format("\n**Facts of `{}`**\n\n{}", target.declaration->name, facts_table(analysis, picked));
}

std::string schema_section(const SyntaxTarget& target, std::string_view key) {
  if (!target.declaration) return {};
  const sema::PropertySchema* schema = property_schema(target.declaration->kind, target.block_path, key);
  if (!schema) return {};
  std::string out = fmt::format("**{}** ({}): {}\n", key, target.declaration->kind, describe_types(schema->types));
  if (!schema->doc.empty()) out += "\n" + std::string(schema->doc) + "\n";
  if (schema->required) out += "\nrequired\n";
  if (!schema->default_text.empty()) out += fmt::format("\ndefault: `{}`\n", schema->default_text);
  return out;
}

// A declaration's own properties as written, e.g. a catalog entry's datasheet values.
std::string declaration_section(const DeclarationView& view) {
  const ast::Declaration& decl = *view.decl;
  std::string out = fmt::format("**{}** `{}`", decl.kind, decl.name);
  writers::MarkdownTable table;
  table.header({"property", "value"});
  bool any = false;
  for (const auto& item : decl.body.items) {
    if (const auto* property = std::get_if<ast::Property>(&item); property && property->value) {
      if (const auto* text = property->value->as<ast::StringLit>(); text && property->key == "description") {
        out += " — " + markdown_cell(text->value);
        continue;
      }
      table.row({property->key, markdown_cell(view.file->slice(property->value->range))});
      any = true;
    }
  }
  out += "\n";
  if (any) out += "\n" + table.str();
  return out;
}

std::string kind_section(std::string_view kind) {
  const sema::KindSchema* schema = sema::find_kind(kind);
  if (!schema) return {};
  return fmt::format("**{}**{}\n", kind, schema->doc.empty() ? "" : ": " + std::string(schema->doc));
}

std::string rule_section(const RuleView& rule) { return fmt::format("```text\n{}```\n", rule.explanation); }

}  // namespace

Json hover(const Analysis& analysis, Locator& locator, std::uint32_t offset) {
  SyntaxTarget target = find_at(analysis.syntax(), offset);
  std::string markdown;
  switch (target.kind) {
    case SyntaxTarget::Kind::None:
    case SyntaxTarget::Kind::ImportPath:
      return nullptr;
    case SyntaxTarget::Kind::DeclarationKind:
      markdown = kind_section(target.text);
      break;
    case SyntaxTarget::Kind::DeclarationName: {
      if (target.declaration->kind == "policy") {
        if (auto rule = analysis.rule(target.text)) markdown = rule_section(*rule);
        break;
      }
      auto facts = analysis.facts_of(*target.declaration);
      std::vector<const FactView*> all;
      for (const auto& fact : facts) all.push_back(&fact);
      markdown = fmt::format("**{}** `{}`\n", target.declaration->kind, target.text);
      if (!all.empty()) markdown += "\n" + facts_table(analysis, all);
      break;
    }
    case SyntaxTarget::Kind::PropertyKey:
      markdown = schema_section(target, target.text);
      if (target.property) markdown += facts_section(analysis, target, target.property->range, {});
      break;
    case SyntaxTarget::Kind::WaiverRule:
      if (auto rule = analysis.rule(target.text)) markdown = rule_section(*rule);
      break;
    case SyntaxTarget::Kind::Name:
      if (auto found = analysis.find(target.text)) {
        markdown = declaration_section(*found);
        markdown += facts_section(analysis, target, target.property ? target.property->range : SourceRange{}, target.text);
        break;
      }
      [[fallthrough]];
    case SyntaxTarget::Kind::Value:
      if (target.property) {
        markdown = schema_section(target, target.property->key);
        markdown += facts_section(analysis, target, target.property->range, {});
      }
      break;
  }
  if (markdown.empty()) return nullptr;
  return {{"contents", {{"kind", "markdown"}, {"value", markdown}}}, {"range", locator.range(target.range)}};
}

}  // namespace gpuspec::lsp
