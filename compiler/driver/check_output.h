// What `gpuspec check` shows, shared by the held output path (cmd_check.cpp) and the
// streamed one (check_stream.cpp), so both write the same bytes: the format, ruff's
// output controls (--min-severity, --exit-zero, --statistics) and the infos, which
// text output counts on one line unless --verbose.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "diag/diagnostic.h"
#include "diag/diagnostic_counts.h"
#include "driver/args.h"
#include "driver/check_group.h"
#include "driver/ordered_output.h"

namespace gpuspec::driver {

struct CheckOutput {
  std::string format = "text";           // text, concise, json, sarif, github, junit
  std::optional<Severity> min_severity;  // --min-severity: below it, a finding is dropped from the run
  bool exit_zero = false;                // --exit-zero: findings exit 0 (a tool failure still exits 2)
  bool statistics = false;               // --statistics: counts per rule instead of the findings
  bool verbose = false;                  // --verbose: text output shows every info

  // Text and concise output are for people: their infos are summed up on one line.
  bool for_people() const { return format == "text" || format == "concise"; }
};

// The output options of `args`; nullopt with `error` set when one is malformed.
std::optional<CheckOutput> check_output_from(const ParsedArgs& args, std::string& error);

// Drops what --min-severity leaves out (nothing without it).
void drop_below_min_severity(std::vector<Diagnostic>& diagnostics, const CheckOutput& output);

// Whether text output shows infos one by one: with --verbose, and when infos fail the run
// (a group's fail-on is info), since a finding that fails the run is always shown.
bool shows_infos(const CheckOutput& output, const std::vector<std::unique_ptr<CheckGroup>>& groups);

// One diagnostic in the output format (text, concise, JSON, GitHub annotation); an info
// renders as nothing in text and concise output unless `show_infos`.
DiagnosticRenderer renderer_for(const CheckOutput& output, bool color, bool show_infos);

// What text and concise output end with: the line counting the infos not shown, then the
// summary line ("2 errors and 412 infos generated.").
std::string closing_lines(const DiagnosticCounts& counts, bool infos_shown);

// --statistics: the table (text, concise) or the JSON document, for every group's
// diagnostics; `files` checked in all.
std::string render_statistics_output(const CheckOutput& output, const std::vector<std::unique_ptr<CheckGroup>>& groups,
                                     const DiagnosticCounts& counts, std::size_t files);

// The exit status of a run with findings at or above fail-on (`failed`) or not.
int findings_exit(const CheckOutput& output, bool failed);

}  // namespace gpuspec::driver
