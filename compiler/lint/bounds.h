// The bounds a policy pack puts on a fact (issue 28): what a sizing search reads instead
// of restating the rules' thresholds. Asked by fact, not by rule id, so a project's own
// stricter rule on the same fact is honoured without a line of C++, and a changed
// threshold in the pack moves the search with it.
//
// A requirement is split at `and`; each part of one of these shapes is a bound on F:
//   F >= c    F > c    F <= c    F < c      (c: a constant, units folded to base units)
//   F >= c * G    F >= G * c    F >= G      (G: another fact; the same with > < <=)
//   c * G <= F    c <= F ...                 (the fact on the right: the order flipped)
//   F == s                                   (s: a symbol or a string)
// where F and G are names the fact schema knows. Both sides a bare fact (`a >= b`) bound
// each other. A part that is a choice of cases, each led by tests of the form `F == s`,
//   (deploy.kind == onprem and cost.capex_high <= budget) or (deploy.kind == cloud and ...)
// bounds by each case's other parts, where that case's tests hold and every other case
// has a test that fails (Bound::in_case): there the requirement is that case's parts.
// Any other part bounds nothing: a search then relies on the full check, which judges
// every build by the whole pack anyway.
#pragma once

#include <map>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "facts/fact.h"
#include "lint/lint.h"
#include "lint/policy.h"

namespace gpuspec::lint {

// Whether a violation of `policy` rejects a deployment in a run with `options`: the rule
// runs (not disabled) and cannot be reported below warning (neither --severity nor a
// severity_when lowers it to info).
bool rejects(const Policy& policy, const LintOptions& options);

struct Bound {
  enum class Relation { AtLeast, Above, AtMost, Below, Equals };
  const Policy* policy = nullptr;  // the rule it comes from (policy->id names it in reports)
  std::string fact;                // F
  Relation relation = Relation::AtLeast;
  double factor = 1;               // the bound is factor x G, or factor alone when `per` is empty
  std::string per;                 // G, the other fact; empty for a constant
  std::string symbol;              // Equals: the symbol (or string) F must be
  // From a choice of cases: the tests of its own case, which must all hold, and those of
  // each other case, of which one must fail, for the bound to be the requirement's.
  struct Test {
    std::string fact;
    std::string symbol;
  };
  std::vector<Test> case_tests;
  std::vector<std::vector<Test>> other_cases;

  bool lower() const { return relation == Relation::AtLeast || relation == Relation::Above; }
  bool upper() const { return relation == Relation::AtMost || relation == Relation::Below; }
  // Its value over `known` (base units): factor x G, or factor; none when G is not a
  // known quantity there, or for Equals.
  std::optional<double> value(const facts::FactSet& known) const;
  // Whether `x` keeps the bound of value `v` (a value from value()).
  bool met(double x, double v) const;
  // Equals: whether `text` is the symbol it asks for.
  bool met(std::string_view text) const { return text == symbol; }
  // Whether `known` decides that the bound's case is the one the requirement is in (true
  // for a bound that is not from a choice of cases). A test whose fact `known` lacks
  // decides nothing, and the bound is left out.
  bool in_case(const facts::FactSet& known) const;
};

// Whose bounds: the rules that reject (a search's targets), or the rules that run and
// only inform, reported as infos (a search's preferences: what an info advises, a search
// may try first, never require).
enum class BoundsOf { Rejecting, Advising };

class Bounds {
 public:
  // Extracts the bounds of every rule of `policies` that rejects under `options` (or, for
  // Advising, that runs and does not reject).
  Bounds(const PolicySet& policies, const LintOptions& options, BoundsOf which = BoundsOf::Rejecting);

  // The bounds on `fact` of the rules that apply to a `kind` declaration ("server") and
  // whose guard is true over `known`, in pack order (a bound from a choice of cases only
  // where `known` decides its case, Bound::in_case). A guard that reads a fact `known`
  // lacks is undecided, and its rule's bounds are left out: a caller sets what it knows
  // of the build (gpu.count, nodes, the workload's facts) before asking.
  std::vector<const Bound*> on(std::string_view fact, std::string_view kind, const facts::FactSet& known) const;

 private:
  std::map<std::string, std::vector<Bound>, std::less<>> by_fact_;
};

// The tightest of `bounds`' lower bounds over `known`: the largest value (the first in
// pack order among equals; a strict one before a non-strict one of the same value), or
// none when no lower bound has a value there.
struct Need {
  double value = 0;
  const Bound* bound = nullptr;
  bool met(double x) const { return bound->met(x, value); }
};
std::optional<Need> tightest_lower(const std::vector<const Bound*>& bounds, const facts::FactSet& known);

// The first of `bounds` that `x` (or, for Equals, `text`) breaks over `known`; null when
// it keeps them all. A bound without a value over `known` is not broken.
const Bound* first_broken(const std::vector<const Bound*>& bounds, const facts::FactSet& known, double x);
const Bound* first_broken(const std::vector<const Bound*>& bounds, std::string_view text);

// The rule a search's own check of `facts` stands for, where that check compares catalog
// facts in a shape no Bound reads (`gpu.form_factor == chassis.sxm_socket`): of the
// policies that apply to a `kind`, the one whose requirement reads every fact of `facts`
// and the fewest others (a name counts as read where it may be one: the symbol `cloud` in
// `gpu.class != cloud` too), the first in pack order among equals; null when none reads
// them all. Asked by fact, so a renamed rule is followed and a report counts what the
// check prunes under the id the pack gives it. With `running`, only the rules that reject
// in that run (rejects()): a project that disables a built-in rule and adds its own on
// the same facts gets its own rule asked; without, whether it may reject is rejects()'s.
const Policy* rule_reading(const PolicySet& policies, std::string_view kind, std::span<const std::string_view> facts,
                           const LintOptions* running = nullptr);

// Whether `policy` is violated on `facts` as the linter judges it (eval::judge): its
// guard true (or absent) and its requirement false. Unknown (a fact `facts` lacks) and
// errors are not violations: a search that prunes on this prunes only what the rule
// itself rejects.
bool violated(const Policy& policy, const facts::FactSet& facts);

}  // namespace gpuspec::lint
