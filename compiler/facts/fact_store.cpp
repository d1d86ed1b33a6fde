#include "facts/fact_store.h"

#include "facts/resolve.h"

namespace gpuspec::facts {

const FactSet& FactStore::resolve(const sema::DeclEntry& entry, DiagnosticEngine& diags) {
  FactSet facts = resolve_facts(*program_, entry, diags, &workloads_);
  auto [it, inserted] = resolved_.try_emplace(&entry, std::move(facts));
  // Resolving is deterministic, so a silent resolution remembered earlier is the same set.
  return it->second;
}

const FactSet& FactStore::of(const sema::DeclEntry& entry) {
  if (auto it = resolved_.find(&entry); it != resolved_.end()) return it->second;
  DiagnosticEngine silent;
  return resolved_.try_emplace(&entry, resolve_facts(*program_, entry, silent, &workloads_)).first->second;
}

}  // namespace gpuspec::facts
