// `gpuspec check` with its output written while files are still being checked.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "driver/analysis.h"
#include "driver/args.h"
#include "driver/check_group.h"
#include "driver/check_output.h"

namespace gpuspec::driver {

// Text, concise, JSON and GitHub output is written as the files are checked
// (stream_check). What needs the whole run first is held: SARIF lists every diagnostic
// id among its rules before the results, JUnit groups findings by checked file,
// --statistics counts them all before it prints a line, --fix, --verify and the
// baselines read every diagnostic, and diagnostics of --prices files arrive with the
// first file priced, wherever their path sorts.
bool can_stream(const ParsedArgs& args, const CheckOutput& presentation, const std::vector<std::unique_ptr<CheckGroup>>& groups);

// `check` with output written as the files are checked, in the bytes the held path
// writes. Each file is checked and its diagnostics rendered on a worker thread; they
// join the output in file order, each written as soon as no file still to come can
// report one that sorts before it (ImportPaths bounds that from the import lines), and
// are freed then. What cannot be read leads the output, so root files are read once
// up front to find them.
// `unread`: the paths the walk could not read; the exit code is returned.
int stream_check(const ParsedArgs& args, const CheckOutput& presentation, unsigned jobs,
                 std::vector<std::unique_ptr<CheckGroup>>& groups, std::vector<Diagnostic> unread,
                 const std::function<AnalysisOptions(const CheckGroup&)>& analysis_options);

}  // namespace gpuspec::driver
