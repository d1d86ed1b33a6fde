// `gpuspec explain RULE`: everything about one rule — why it exists, where the
// threshold comes from, what exactly it requires, and an example on each side.
#include <fmt/format.h>

#include <cstdio>
#include <iostream>

#include "diag/render_text.h"
#include "driver/args.h"
#include "driver/commands.h"
#include "driver/explain_text.h"
#include "driver/session.h"
#include "sema/suggest.h"

namespace gpuspec::driver {

namespace {

constexpr const char* kExplainUsage = R"(usage: gpuspec explain [--policies DIR]... RULE

The rule's doc, source, default severity, what it applies to, the requirement
and an example that fires and one that passes (a policy's example_fail /
example_pass, or for built-in rules the pack's own test specs).
)";

}  // namespace

int run_explain(const std::vector<std::string>& raw_args) {
  ArgSpec spec{{"--help"}, {"--policies", "--stdlib"}, {"--policies"}};
  std::string error;
  ParsedArgs args = parse_args(raw_args, spec, error);
  if (!error.empty()) return tool_failure(error, kExplainUsage);
  if (args.has("--help")) {
    std::fputs(kExplainUsage, stdout);
    return kExitClean;
  }
  if (args.positionals.size() != 1) return tool_failure("explain takes one rule id", kExplainUsage);
  const std::string& id = args.positionals.front();

  Session session(LibraryOptions{args.value("--stdlib"), args.values("--policies")});
  if (session.load_error()) return tool_failure(*session.load_error());
  if (report_broken_library(session)) return kExitFindings;
  const lint::Policy* policy = session.policies().find(id);
  if (!policy) {
    auto near = sema::nearest(id, session.policies().ids());
    return tool_failure(fmt::format("unknown rule '{}'{}", id,
                                    near ? fmt::format("; did you mean '{}'?", *near) : std::string("; `gpuspec rules` lists them")));
  }

  std::cout << explain_text(*policy, session.sources());
  return kExitClean;
}

}  // namespace gpuspec::driver
