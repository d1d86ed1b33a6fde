// One program's resolved facts, each declaration resolved once (issue 12). The lint
// engine, the cost facts and the quotes inside them all ask the store, so a
// declaration several others depend on (the servers and clouds that serve one
// workload) is not resolved again for each of them. Each set it hands out holds the
// facts of every registered provider too (fact_provider.h, issue 28), most of them
// deferred: computed only when a reader reads one.
#pragma once

#include <map>
#include <vector>

#include "diag/diagnostic.h"
#include "facts/fact.h"
#include "facts/fact_memo.h"
#include "facts/fact_provider.h"
#include "facts/resolve.h"
#include "sema/program.h"

namespace gpuspec::facts {

class FactStore {
 public:
  explicit FactStore(const sema::Program& program) : program_(&program) {}
  FactStore(const FactStore&) = delete;
  FactStore& operator=(const FactStore&) = delete;

  const sema::Program& program() const { return *program_; }

  // Registers `provider` (which must outlive the store's sets): its facts join every set
  // resolved from now on, after those of the providers registered before it.
  void add_provider(FactProvider& provider) { providers_.push_back(&provider); }
  // Puts every provider's facts of `entry` on `facts`, a variant of its resolved set.
  void attach(const sema::DeclEntry& entry, FactSet& facts) const;

  // The facts of `entry`, its problems reported to `diags`: the lint engine's
  // resolution, which must report them once per declaration it lints. Remembered.
  const FactSet& resolve(const sema::DeclEntry& entry, DiagnosticEngine& diags);

  // The facts of `entry`, resolved silently on first request (its problems are the
  // business of whoever lints it) and remembered.
  const FactSet& of(const sema::DeclEntry& entry);

  // Forgets the facts of `entry` (a later request resolves them again). The lint engine
  // calls it once a declaration is linted: the sets of every declaration of a program
  // held to its end were most of a large spec's memory (issue 25: 14 KB per workload
  // of 170 bytes). Only the caller of resolve() or of() may hold the reference they
  // returned, and not past this call; sets borrow from the workload memo, never from
  // each other, so no other set points into a forgotten one.
  void release(const sema::DeclEntry& entry) { resolved_.erase(&entry); }

  // From now on, appends to `reads` (null: stops) every declaration whose facts are
  // asked for (resolve, of), whoever asks: the language server keeps a declaration's
  // findings under the declarations its lint read, and lints it again when one of
  // them changes (issue 28; compiler/lsp/lint_memo.h).
  void record_reads(std::vector<const sema::DeclEntry*>* reads) { reads_ = reads; }

 private:
  const sema::Program* program_;
  // Keeps `facts`, resolved for `entry`, with the providers' facts attached.
  const FactSet& remember(const sema::DeclEntry& entry, FactSet facts);

  std::vector<FactProvider*> providers_;
  std::vector<const sema::DeclEntry*>* reads_ = nullptr;
  std::map<const sema::DeclEntry*, FactSet> resolved_;
  FactMemo workloads_{false};  // the served workloads' facts (fact_memo.h)
};

}  // namespace gpuspec::facts
