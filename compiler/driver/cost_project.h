// What `bom` and `quote` share: the spec paths (files and folders, as `check` takes
// them), each file loaded as a program with its imports and checked; the user price
// books (gpuspec.json's "prices", --prices) and exchange rates (--rate); the price book,
// dated today (GPUSPEC_TODAY pins it); the `cost.*` rules, run over what is quoted; and
// the exit code.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "backends/cost/price_book.h"
#include "backends/cost/quote.h"
#include "diag/diagnostic.h"
#include "driver/args.h"
#include "driver/config.h"
#include "driver/session.h"
#include "sema/program.h"

namespace gpuspec::driver {

struct CostProject {
  std::vector<std::string> files;                       // the spec files, folders expanded
  std::vector<std::unique_ptr<sema::Program>> programs;  // one per file
  std::vector<std::optional<LintConfig>> configs;       // each file's nearest gpuspec.json, if any
  std::vector<std::string> price_paths;  // the configs' "prices", then --prices, each once
  std::vector<const sema::Program*> price_files;  // those files, loaded (the session keeps them)
  std::optional<Severity> fail_on;       // the strictest "fail-on" of the configs
  std::optional<cost::PriceBook> book;
  std::string today;
};

// Loads and checks `paths`, the price books of their gpuspec.json files ("prices") and
// of --prices, and the --rate values of `args`. Returns "" or a tool-failure message (an
// unreadable path, a broken config, a bad --rate).
std::string load_cost_project(Session& session, const std::vector<std::string>& paths, const ParsedArgs& args,
                              DiagnosticEngine& diags, CostProject& out);

// load_cost_project, as bom and quote start: the exit code to stop with when the tool
// could not run (2, its message printed) or a spec has errors (1, printed: a spec that
// does not check is never priced), else nothing.
std::optional<int> load_checked_cost_project(Session& session, const std::vector<std::string>& paths,
                                             const ParsedArgs& args, DiagnosticEngine& diags, CostProject& out);

// The exit code of bom and quote: 1 when a diagnostic is at or above the fail-on level
// (error, or the configs' "fail-on"), else 0. A missing price or role is a warning, so
// the totals are lower bounds and the run succeeds; `require_prices` (--require-prices)
// makes `missing-price` and `bom.incomplete` errors first.
int cost_exit_code(const CostProject& project, bool require_prices, DiagnosticEngine& diags);

// The end of bom and quote: writes `text` to -o (atomically) or standard output, prints
// the diagnostics and returns cost_exit_code, or a tool failure when -o cannot be written.
int finish_cost_command(Session& session, const ParsedArgs& args, const CostProject& project, const std::string& text,
                        DiagnosticEngine& diags);

// The servers and clouds of every program (cost_rules::project_deployments).
std::vector<cost::Deployment> project_deployments(const CostProject& project, const std::optional<std::string>& name);

// Runs the pack's `cost.*` rules over the options of `quote` (cost_rules::add_quote_findings)
// with each file's nearest gpuspec.json's `disable` and `severity` settings; findings go
// to `diags`.
// Returns "" or a tool-failure message (a broken gpuspec.json).
std::string add_cost_findings(Session& session, const CostProject& project, const cost::Quote& quote,
                              DiagnosticEngine& diags);

// Sorts, drops repeats (a file imported by several roots is checked once per root) and
// prints the diagnostics to stderr.
void print_diagnostics(Session& session, DiagnosticEngine& diags);

}  // namespace gpuspec::driver
