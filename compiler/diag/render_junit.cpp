#include "diag/render_junit.h"

#include <fmt/format.h>

#include <map>

#include "source/markup_escape.h"

namespace gpuspec {

namespace {

struct Case {
  std::string name;
  std::string classname;
  unsigned line = 0;
  enum { Passed, Failed, Skipped } outcome = Passed;
  std::string message;
  std::string type;
  std::string text;
};

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

}  // namespace

std::string render_junit(const std::vector<JunitInput>& inputs) {
  std::map<std::string, std::vector<Case>> suites;  // by file path
  for (const auto& input : inputs) {
    for (FileId id : input.checked) suites[input.sources->file(id).path()];
    for (const Diagnostic& d : *input.diagnostics) {
      std::string path = d.range.valid() ? input.sources->file(d.range.file).path() : "gpuspec";
      Case c;
      c.line = d.range.valid() ? input.sources->start_of(d.range).line : 0;
      c.name = d.declaration.empty() ? fmt::format("{} (line {})", d.id, c.line)
                                     : fmt::format("{} in {} (line {})", d.id, d.declaration, c.line);
      c.classname = "gpuspec." + d.id;
      c.message = d.message;
      c.type = std::string(severity_name(d.severity));
      c.text = describe(d, *input.sources);
      if (d.suppressed_by) {
        c.outcome = Case::Skipped;
        c.message = "waived: " + *d.suppressed_by;
      } else if (severity_rank(d.severity) >= severity_rank(input.fail_on)) {
        c.outcome = Case::Failed;
      }
      suites[path].push_back(std::move(c));
    }
  }
  std::size_t tests = 0, failures = 0, skipped = 0;
  std::string body;
  for (auto& [path, cases] : suites) {
    if (cases.empty()) cases.push_back({"no findings", "gpuspec.check", 0});
    std::size_t suite_failures = 0, suite_skipped = 0;
    for (const auto& c : cases) {
      suite_failures += c.outcome == Case::Failed;
      suite_skipped += c.outcome == Case::Skipped;
    }
    body += fmt::format("  <testsuite name=\"{}\" tests=\"{}\" failures=\"{}\" errors=\"0\" skipped=\"{}\">\n",
                        markup_escape(path), cases.size(), suite_failures, suite_skipped);
    for (const auto& c : cases) {
      body += fmt::format("    <testcase classname=\"{}\" name=\"{}\" file=\"{}\"", markup_escape(c.classname), markup_escape(c.name),
                          markup_escape(path));
      if (c.line) body += fmt::format(" line=\"{}\"", c.line);
      switch (c.outcome) {
        case Case::Passed:
          body += c.text.empty() ? "/>\n" : fmt::format(">\n      <system-out>{}</system-out>\n    </testcase>\n", markup_escape(c.text));
          break;
        case Case::Failed:
          body += fmt::format(">\n      <failure message=\"{}\" type=\"{}\">{}</failure>\n    </testcase>\n", markup_escape(c.message),
                              markup_escape(c.type), markup_escape(c.text));
          break;
        case Case::Skipped:
          body += fmt::format(">\n      <skipped message=\"{}\"/>\n    </testcase>\n", markup_escape(c.message));
          break;
      }
    }
    body += "  </testsuite>\n";
    tests += cases.size();
    failures += suite_failures;
    skipped += suite_skipped;
  }
  return fmt::format("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                     "<testsuites name=\"gpuspec check\" tests=\"{}\" failures=\"{}\" errors=\"0\" skipped=\"{}\">\n{}</testsuites>\n",
                     tests, failures, skipped, body);
}

}  // namespace gpuspec
