// Waivers: `waive RULE "reason" until = "YYYY-MM-DD"` in a declaration silences one
// rule there. The finding is kept as suppressed (JSON/SARIF show it); an expired
// waiver lets the finding through with a note; a waiver that silenced nothing is
// itself reported (waiver.unused).
#pragma once

#include <set>
#include <string>
#include <vector>

#include "ast/ast.h"
#include "diag/diagnostic.h"
#include "lint/policy.h"

namespace gpuspec::lint {

class WaiverLedger {
 public:
  WaiverLedger(const ast::Declaration& decl, std::string today);

  // Suppresses `finding` when a live waiver covers it, or adds an "expired" note.
  void apply(Diagnostic& finding);
  // A rule that could not be evaluated is never waived (a waiver accepts a known
  // violation, not an unchecked rule): the waiver counts as used and `error` says so.
  void note_unwaivable(Diagnostic& error, const std::string& rule);
  // Reports waivers that silenced nothing, and waivers of rules nobody has.
  void report_unused(const PolicySet& policies, const std::set<std::string>& disabled, DiagnosticEngine& diags) const;

 private:
  struct Entry {
    const ast::Waiver* waiver;
    bool used = false;
  };
  const ast::Declaration& decl_;
  std::string today_;
  std::vector<Entry> entries_;
};

}  // namespace gpuspec::lint
