// A fact group computed outside the resolvers, registered with a program's fact store
// (issue 28): the cost backend's cost.* facts, `gpuspec quote`'s price age. The store
// puts every registered provider's facts on each declaration's set it resolves, so a
// reader (the lint engine, `gpuspec facts`) reads them like any other fact and knows
// nothing of who computes them; a provider reads other declarations' facts through the
// same store. Which provider owns a fact is what a caller selects rules by (the rules
// that read a fact of the price-age provider are the ones `quote` runs), never a
// fact's or a rule's spelling.
#pragma once

#include <span>

#include "facts/fact.h"
#include "sema/program.h"

namespace gpuspec::facts {

class FactProvider {
 public:
  // Every fact it may set, on any kind of declaration.
  virtual std::span<const FactId> owned() const = 0;

  // Sets, or defers (FactSet::defer: computed on the first read of one of them), its
  // facts of `entry` on `facts`: the entry's own resolved set, or a variant of it (the
  // lint engine's "instead" candidates). Deferred facts must not capture `facts`, and
  // this provider and `entry` must outlive the reads of `facts`.
  virtual void attach(const sema::DeclEntry& entry, FactSet& facts) = 0;

 protected:
  ~FactProvider() = default;
};

}  // namespace gpuspec::facts
