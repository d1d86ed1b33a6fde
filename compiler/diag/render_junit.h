// JUnit XML for `gpuspec check --format junit` (GitLab's test reports, Jenkins):
// one testsuite per checked file, one testcase per finding. A finding that fails
// the run (at or above --fail-on) is a <failure>; one below it passes with its text
// in <system-out>; a waived one is <skipped> with the waiver's reason. A file with
// no finding gets one passing testcase, so the report lists every file checked.
#pragma once

#include <functional>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "diag/diagnostic.h"
#include "source/source.h"

namespace gpuspec {

enum class JunitOutcome { Passed, Failed, Skipped };
JunitOutcome junit_outcome(Severity severity, bool suppressed, Severity fail_on);

// One finding's <testcase>, rendered as soon as its file is checked (`check` frees the
// file's text afterwards); it belongs to the suite of the finding's file. Every text
// from a spec or a file name goes through source/markup_escape.h.
void append_junit_case(std::string& out, const Diagnostic& d, const SourceManager& sources, Severity fail_on);

// The report built a testcase at a time: suites by file path ("gpuspec" for findings
// without a file), cases in the order they are added.
class JunitWriter {
 public:
  // A checked file: it gets a suite even when it has no finding.
  void add_file(const std::string& path);
  // `path`: the finding's file, "" for none.
  void add_case(std::string_view path, std::string_view rendered, JunitOutcome outcome);
  // Writes the report in pieces, in order.
  void finish(const std::function<void(std::string_view)>& write);

 private:
  struct Suite {
    std::string cases;
    std::size_t tests = 0, failures = 0, skipped = 0;
  };
  std::map<std::string, Suite, std::less<>> suites_;
};

}  // namespace gpuspec
