// `gpuspec explain RULE`: everything about one rule — why it exists, where the
// threshold comes from, what exactly it requires, and an example on each side.
#include <fmt/format.h>

#include <cstdio>
#include <iostream>

#include "diag/render_text.h"
#include "driver/help.h"
#include "driver/commands.h"
#include "driver/explain_text.h"
#include "driver/session.h"
#include "sema/suggest.h"

namespace gpuspec::driver {

namespace {

}  // namespace

int run_explain(const std::vector<std::string>& raw_args) {
  ParsedArgs args;
  if (auto exit = parse_command_line("explain", raw_args, args)) return *exit;
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
