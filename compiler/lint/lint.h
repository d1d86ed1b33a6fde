// The lint engine: runs every applicable policy over the facts of each server,
// cloud and workload of a program, and reports findings with "why it failed"
// notes; applies waivers (and reports unused or expired ones).
#pragma once

#include <map>
#include <set>
#include <string>

#include "diag/diagnostic.h"
#include "facts/fact.h"
#include "facts/fact_store.h"
#include "lint/policy.h"
#include "sema/program.h"

namespace gpuspec::lint {

struct LintOptions {
  bool no_waivers = false;                        // --no-waivers
  std::set<std::string> disabled;                 // --disable RULE / config
  std::map<std::string, Severity> severities;     // --severity RULE=LEVEL / config
  std::string today;                              // "YYYY-MM-DD", for waiver expiry
  // Declarations of the program not to lint: an error broke them or what they refer to
  // (sema/broken_declarations.h), so their facts are partial.
  std::set<const ast::Declaration*> not_linted;
};

// Lints the program's own declarations (not the library's), each with the facts `store`
// (of this program) resolves for it, its registered providers' among them; without a
// store, with the resolved facts alone.
void lint_program(const sema::Program& program, const PolicySet& policies, const LintOptions& options,
                  DiagnosticEngine& diags, facts::FactStore* store = nullptr);

}  // namespace gpuspec::lint
