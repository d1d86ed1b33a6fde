#include "diag/render_junit.h"

#include <fmt/format.h>

#include <algorithm>

#include "source/markup_escape.h"

namespace gpuspec {

namespace {

std::string describe(const Diagnostic& d, const SourceManager& sources) {
  std::string out;
  if (d.range.valid()) {
    LineColumn at = sources.start_of(d.range);
    out = fmt::format("{}:{}:{}: ", sources.file(d.range.file).path(), at.line, at.column);
  }
  out += fmt::format("{}[{}]: {}\n", severity_name(d.severity), d.id, d.message);
  for (const auto& note : d.notes) out += "note: " + note.message + "\n";
  if (d.hint) out += "help: " + *d.hint + "\n";
  return out;
}

void append_case_head(std::string& out, std::string_view classname, std::string_view name, std::string_view path) {
  out += fmt::format("    <testcase classname=\"{}\" name=\"{}\" file=\"{}\"", markup_escape(classname), markup_escape(name),
                     markup_escape(path));
}

// Findings without a file are reported under the tool's name.
std::string junit_suite_of(std::string_view path) { return path.empty() ? "gpuspec" : std::string(path); }

}  // namespace

JunitOutcome junit_outcome(Severity severity, bool suppressed, Severity fail_on) {
  if (suppressed) return JunitOutcome::Skipped;
  return severity_rank(severity) >= severity_rank(fail_on) ? JunitOutcome::Failed : JunitOutcome::Passed;
}

void append_junit_case(std::string& out, const Diagnostic& d, const SourceManager& sources, Severity fail_on) {
  std::string path = junit_suite_of(d.range.valid() ? sources.file(d.range.file).path() : "");
  unsigned line = d.range.valid() ? sources.start_of(d.range).line : 0;
  std::string name = d.declaration.empty() ? fmt::format("{} (line {})", d.id, line)
                                           : fmt::format("{} in {} (line {})", d.id, d.declaration, line);
  append_case_head(out, "gpuspec." + d.id, name, path);
  if (line) out += fmt::format(" line=\"{}\"", line);
  std::string text = describe(d, sources);
  switch (junit_outcome(d.severity, d.suppressed_by.has_value(), fail_on)) {
    case JunitOutcome::Passed:
      out += fmt::format(">\n      <system-out>{}</system-out>\n    </testcase>\n", markup_escape(text));
      break;
    case JunitOutcome::Failed:
      out += fmt::format(">\n      <failure message=\"{}\" type=\"{}\">{}</failure>\n    </testcase>\n", markup_escape(d.message),
                         markup_escape(severity_name(d.severity)), markup_escape(text));
      break;
    case JunitOutcome::Skipped:
      out += fmt::format(">\n      <skipped message=\"{}\"/>\n    </testcase>\n", markup_escape("waived: " + *d.suppressed_by));
      break;
  }
}

void JunitWriter::add_file(const std::string& path) { suites_[path]; }

void JunitWriter::add_case(std::string_view path, std::string_view rendered, JunitOutcome outcome) {
  Suite& suite = suites_[junit_suite_of(path)];
  suite.cases.append(rendered);
  ++suite.tests;
  suite.failures += outcome == JunitOutcome::Failed;
  suite.skipped += outcome == JunitOutcome::Skipped;
}

void JunitWriter::finish(const std::function<void(std::string_view)>& write) {
  std::size_t tests = 0, failures = 0, skipped = 0;
  for (const auto& [path, suite] : suites_) {
    tests += std::max<std::size_t>(suite.tests, 1);  // a file with no finding gets one passing testcase
    failures += suite.failures;
    skipped += suite.skipped;
  }
  write(fmt::format("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                    "<testsuites name=\"gpuspec check\" tests=\"{}\" failures=\"{}\" errors=\"0\" skipped=\"{}\">\n",
                    tests, failures, skipped));
  for (auto& [path, suite] : suites_) {
    write(fmt::format("  <testsuite name=\"{}\" tests=\"{}\" failures=\"{}\" errors=\"0\" skipped=\"{}\">\n",
                      markup_escape(path), std::max<std::size_t>(suite.tests, 1), suite.failures, suite.skipped));
    if (suite.tests) {
      write(suite.cases);
      std::string().swap(suite.cases);  // written: freed
    } else {
      std::string none;
      append_case_head(none, "gpuspec.check", "no findings", path);
      write(none + "/>\n");
    }
    write("  </testsuite>\n");
  }
  write("</testsuites>\n");
}

}  // namespace gpuspec
