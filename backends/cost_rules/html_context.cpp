#include "backends/cost_rules/html_context.h"

#include "backends/cost_rules/balance.h"
#include "facts/properties.h"
#include "facts/resolve.h"

namespace gpuspec::cost_rules {

namespace {

std::string string_of(const sema::DeclEntry& entry, std::string_view property) {
  auto v = facts::catalog_property(entry, property);
  return v && (v->value.type == facts::Value::Type::String || v->value.type == facts::Value::Type::Symbol) ? v->value.text
                                                                                                           : "";
}

}  // namespace

cost::HtmlContext html_context(const lint::PolicySet& policies, const std::vector<cost::Deployment>& deployments,
                         std::vector<const sema::Program*> programs, std::string title) {
  cost::HtmlContext context;
  context.title = std::move(title);
  for (const auto& d : deployments) {
    if (d.entry->decl->kind != "server") continue;
    DiagnosticEngine scratch;
    facts::FactSet f = facts::resolve_facts(*d.program, *d.entry, scratch);
    context.balances[d.entry->decl] = balances(f, policies);
  }
  context.source_details = [programs = std::move(programs)](const cost::PriceSource& s) {
    for (const auto* program : programs) {
      if (const sema::DeclEntry* entry = program->find(s.entry)) {
        return cost::SourceDetails{string_of(*entry, "source"), string_of(*entry, "source_url")};
      }
    }
    return cost::SourceDetails{};
  };
  return context;
}

}  // namespace gpuspec::cost_rules
