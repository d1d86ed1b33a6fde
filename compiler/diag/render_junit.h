// JUnit XML for `gpuspec check --format junit` (GitLab's test reports, Jenkins):
// one testsuite per checked file, one testcase per finding. A finding that fails
// the run (at or above --fail-on) is a <failure>; one below it passes with its text
// in <system-out>; a waived one is <skipped> with the waiver's reason. A file with
// no finding gets one passing testcase, so the report lists every file checked.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "diag/diagnostic.h"
#include "source/source.h"

namespace gpuspec {

struct JunitInput {
  const std::vector<Diagnostic>* diagnostics;
  const SourceManager* sources;
  std::vector<FileId> checked;  // the files named on the command line (or found in folders)
  Severity fail_on = Severity::Error;
};

// Every text from a spec or a file name goes through source/markup_escape.h.
std::string render_junit(const std::vector<JunitInput>& inputs);

}  // namespace gpuspec
