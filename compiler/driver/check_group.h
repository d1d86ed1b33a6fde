// What `gpuspec check` keeps per config group (cmd_check.cpp sets it up, the pipeline
// of check_stream.cpp checks its files).
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "diag/diagnostic.h"
#include "driver/config.h"
#include "driver/session.h"

namespace gpuspec::driver {

// Files that share a config (or --config, or none) and so share a policy set.
struct CheckGroup {
  LintConfig config;  // with the command line applied
  std::vector<std::string> files;
  std::unique_ptr<Session> session;
  DiagnosticEngine diags;     // kept whole, in the output order, when a run needs them (--fix, --verify, baselines)
  std::vector<FileId> roots;  // the root files checked
  bool library_broken = false;  // its policies did not load: no file is checked

  Severity fail_on() const { return config.fail_on.value_or(Severity::Error); }
};

// A path the run could not read, or a file a folder walk skipped: a diagnostic
// without a location. Fail closed: an error that makes the run exit 2, unless
// --allow-skipped makes it a warning.
Diagnostic unread_path(std::string id, std::string message, std::string note, bool allowed);

}  // namespace gpuspec::driver
