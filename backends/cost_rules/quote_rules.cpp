#include "backends/cost_rules/quote_rules.h"

#include <map>

#include "backends/cost/cost_facts.h"
#include "facts/fact_store.h"
#include "facts/properties.h"

namespace gpuspec::cost_rules {

using namespace cost;  // the cost backend's types and helpers, run here with the pack

std::vector<Deployment> project_deployments(const std::vector<const sema::Program*>& programs,
                                            const std::optional<std::string>& name) {
  std::vector<Deployment> out;
  for (const auto* program : programs) {
    for (const auto* entry : program_deployments(*program)) {
      if (name && entry->decl->name != *name && facts::served_workload(*entry->decl) != *name) continue;
      out.push_back({program, entry});
    }
  }
  return out;
}

lint::PolicySet quote_rules(const lint::PolicySet& pack) {
  lint::PolicySet rules;
  for (const auto& policy : pack.policies()) {
    if (policy.id.starts_with("cost.")) rules.add(policy);
  }
  return rules;
}

void add_quote_findings(const sema::Program& program, const lint::PolicySet& rules, const lint::LintOptions& options,
                        const PriceBook& book, const Quote& quote, DiagnosticEngine& diags) {
  // What each quoted option used, as printed (its currency, its rates).
  std::map<const ast::Declaration*, const std::vector<PriceSource>*> used;
  for (const auto& s : quote.servers) used[s.decl] = &s.sources;
  for (const auto& c : quote.clouds) used[c.decl] = &c.sources;
  facts::FactStore store(program);
  CostFacts cost_facts(store, book);
  DiagnosticEngine scratch;
  lint::lint_program(program, rules, options, scratch,
                     [&](const sema::Program&, const sema::DeclEntry& entry, facts::FactSet& facts) {
                       cost_facts.defer(entry, facts);
                       if (auto it = used.find(entry.decl); it != used.end()) {
                         add_price_age(*entry.decl, facts, *it->second, options.today);
                       }
                     },
                     &store);
  for (auto& d : scratch.diagnostics()) {
    const sema::DeclEntry* entry = program.find(d.declaration);
    if (rules.find(d.id) && entry && used.count(entry->decl)) diags.diagnostics().push_back(std::move(d));
  }
}

}  // namespace gpuspec::cost_rules
