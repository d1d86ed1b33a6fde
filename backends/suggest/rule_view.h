// What the search needs to know about the policy pack as a run configures it (built-in
// and user policies, gpuspec.json's `disable` and `severity`): whether a rule rejects a
// candidate when it fires, and which of the search's choices could make a fired rule
// pass, read from the facts its expressions name and, on a judged candidate, from which
// parts of its requirement were false.
#pragma once

#include <map>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "eval/compiled.h"
#include "facts/fact.h"
#include "lint/bounds.h"
#include "lint/lint.h"
#include "lint/policy.h"

namespace gpuspec::suggest {

// The search's choices, from the outside in: the frame (GPU model and count per node,
// chassis; an instance type), its variant (how the GPUs are linked and cooled), the
// count (nodes, instances) and the fill (CPU, memory, storage, PSUs, NICs; a cloud
// region and its disks). A change of a choice keeps the ones outside it.
enum Choice : unsigned { kVariant = 1, kCount = 2, kFill = 4 };

class RuleView {
 public:
  RuleView(const lint::PolicySet& policies, const lint::LintOptions& options);

  // A violation of `rule` rejects the candidate: the rule runs (not disabled) and
  // cannot be reported below warning (neither --severity nor a severity_when lowers it
  // to info). Such a rule may prune candidates before the pack runs.
  bool rejects(std::string_view rule) const;

  // The bounds the rules that reject put on facts (lint/bounds.h): what sizing reads
  // instead of restating their thresholds.
  const lint::Bounds& bounds() const { return bounds_; }

  // Which changes could make `rule`, fired on a `kind` (server or cloud) with `facts`,
  // pass: bit kFill when another fill could, kCount when another count (with any
  // fill) could, kVariant when another variant could; 0 when only another frame can.
  // A requirement `a and b and ...` holds only when every false part turns true, so
  // each false part must depend on the choice; a guard turns the rule off when any of
  // its parts turns false. Without facts every change could; a diagnostic that is no
  // policy's (a type error) is retried with other fills only.
  unsigned fixable_by(std::string_view rule, std::string_view kind, const facts::FactSet* facts) const;

  // How many rules the pack runs on a `kind`.
  std::size_t rules_for(std::string_view kind) const;

 private:
  struct Part {
    eval::CompiledExpr program;
    std::set<std::string> facts;  // the names it reads that the fact schema knows
  };
  struct Shape {
    std::vector<Part> require;  // the conjuncts of `require`
    std::vector<Part> when;     // the conjuncts of `when`
  };
  unsigned changes_of(const Part& part, std::string_view kind) const;

  const lint::PolicySet& policies_;
  const lint::LintOptions& options_;
  lint::Bounds bounds_;
  std::map<std::string, Shape, std::less<>> shapes_;
};

}  // namespace gpuspec::suggest
