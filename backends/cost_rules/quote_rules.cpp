#include "backends/cost_rules/quote_rules.h"

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
  for (std::size_t index : pack.readers_of(PriceAgeFacts::provided())) rules.add(pack.policies()[index]);
  return rules;
}

void add_quote_findings(const sema::Program& program, const lint::PolicySet& rules, const lint::LintOptions& options,
                        const PriceBook& book, const Quote& quote, DiagnosticEngine& diags) {
  // What each quoted option used, as printed (its currency, its rates).
  PriceAgeFacts::Used used;
  for (const auto& s : quote.servers) used[s.decl] = &s.sources;
  for (const auto& c : quote.clouds) used[c.decl] = &c.sources;
  facts::FactStore store(program);
  CostFacts cost_facts(store, book);
  PriceAgeFacts price_age(used, options.today);
  store.add_provider(cost_facts);
  store.add_provider(price_age);
  DiagnosticEngine scratch;
  lint::lint_program(program, rules, options, scratch, &store);
  for (auto& d : scratch.diagnostics()) {
    const sema::DeclEntry* entry = program.find(d.declaration);
    if (rules.find(d.id) && entry && used.count(entry->decl)) diags.diagnostics().push_back(std::move(d));
  }
}

}  // namespace gpuspec::cost_rules
