#include "facts/fact_store.h"

#include "facts/resolve.h"

namespace gpuspec::facts {

const FactSet& FactStore::resolve(const sema::DeclEntry& entry, DiagnosticEngine& diags) {
  if (reads_) reads_->push_back(&entry);
  // Resolving is deterministic, so a silent resolution remembered earlier is the same set.
  return remember(entry, resolve_facts(*program_, entry, diags, &workloads_));
}

const FactSet& FactStore::of(const sema::DeclEntry& entry) {
  if (reads_) reads_->push_back(&entry);
  if (auto it = resolved_.find(&entry); it != resolved_.end()) return it->second;
  DiagnosticEngine silent;
  return remember(entry, resolve_facts(*program_, entry, silent, &workloads_));
}

const FactSet& FactStore::remember(const sema::DeclEntry& entry, FactSet facts) {
  auto [it, inserted] = resolved_.try_emplace(&entry, std::move(facts));
  if (inserted) attach(entry, it->second);  // in its place: a deferred fact is provided on the set it was deferred on
  return it->second;
}

void FactStore::attach(const sema::DeclEntry& entry, FactSet& facts) const {
  for (FactProvider* provider : providers_) provider->attach(entry, facts);
}

}  // namespace gpuspec::facts
