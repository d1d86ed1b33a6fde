// `gpuspec check`'s one pipeline, for every format and option: each file is checked and
// its diagnostics rendered on a worker thread; they join the output in file order, each
// handed to the format's CheckSink as soon as no file still to come can report one that
// sorts before it (ImportPaths bounds that from the import lines), and are freed then.
// What cannot be read leads the output, so root files are read once up front to find
// them. The order is deterministic: sorted by (path, begin, end, id, message) within a
// config group, whatever --jobs is.
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "diag/baseline.h"
#include "driver/analysis.h"
#include "driver/args.h"
#include "driver/check_group.h"
#include "driver/check_output.h"

namespace gpuspec::driver {

// What a run leaves for the steps after it.
struct CheckRun {
  bool incomplete = false;         // a path could not be read (and no --allow-skipped)
  std::vector<Diagnostic> unread;  // what could not be read, as written first
};

// The steps between the last diagnostic and the end of the output: --fix, --verify and
// the baselines, which read each group's diagnostics kept whole (`diags`, in the output
// order, and the root files in `roots`). An exit code ends the run there; the output,
// held whole in such a run so their messages on stderr come first, is then dropped.
using AfterRun = std::function<std::optional<int>(const CheckRun& run)>;

// `unread`: the paths the walk could not read. `keep`: keep each diagnostic whole for
// AfterRun (rendered once its place is known, first suppressed by `baseline` when one is
// given). Returns the exit code.
int stream_check(const ParsedArgs& args, const CheckOutput& presentation, unsigned jobs,
                 std::vector<std::unique_ptr<CheckGroup>>& groups, std::vector<Diagnostic> unread,
                 const std::function<AnalysisOptions(const CheckGroup&)>& analysis_options, bool keep, Baseline* baseline,
                 const AfterRun& after);

}  // namespace gpuspec::driver
