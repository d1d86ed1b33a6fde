// `gpuspec test [PATH...]`: runs policy tests. A test is a spec file whose
// `# expected-warning[rule]@+1 {{...}}` comments state every diagnostic it must
// produce (the --verify machinery); each file is checked as its own program.
//
//   PASS test/policies/memory.ram-2x-vram/fires.gpuspec
//   FAIL test/policies/memory.ram-2x-vram/silent.gpuspec
//     test/policies/...:7: unexpected error[memory.ram-2x-vram]: ...
//   1 passed, 1 failed
//
// The summary line's form is read by CI. Tests are hermetic: no gpuspec.json is
// consulted, only --policies. A test runs only the rules it names (test_scope.h)
// unless --all-rules is given, as the pack's own tests are run. Files inside folders named `Inputs` are helpers
// that tests import, not tests (as in lit).
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <iostream>

#include "backends/writers/atomic_write.h"
#include "source/markup_escape.h"
#include "diag/render_text.h"
#include "diag/verify.h"
#include "driver/analysis.h"
#include "driver/args.h"
#include "driver/commands.h"
#include "driver/config.h"
#include "driver/help.h"
#include "driver/session.h"
#include "lint/test_scope.h"
#include "source/printable.h"
#include "source/confinement.h"

namespace gpuspec::driver {

namespace {

struct TestOutcome {
  std::string path;
  std::vector<std::string> problems;  // empty: passed
};

// Under a folder named on the command line, files inside an `Inputs` folder are
// helpers; a file named explicitly is always a test.
std::vector<std::string> test_files(const std::vector<std::string>& paths, std::vector<std::string>& missing,
                                    std::vector<WalkProblem>& problems) {
  namespace fs = std::filesystem;
  std::vector<std::string> out;
  for (const auto& path : paths) {
    CollectedPaths collected = collect_spec_files({path});
    missing.insert(missing.end(), collected.missing.begin(), collected.missing.end());
    problems.insert(problems.end(), collected.problems.begin(), collected.problems.end());
    std::error_code ec;
    bool folder = fs::is_directory(path, ec);
    for (const auto& file : collected.files) {
      fs::path relative = folder ? fs::path(file).lexically_relative(path) : fs::path();
      if (std::find(relative.begin(), relative.end(), fs::path("Inputs")) == relative.end()) out.push_back(file);
    }
  }
  return out;
}

// What to pass for a rule under test that is not loaded: the folders the nearest
// gpuspec.json names (tests do not read it, so the run must name them), else DIR.
std::string policies_advice(const ParsedArgs& args, const std::string& test_path) {
  std::string dirs = "DIR";
  std::string because;
  ConfigFinder finder;
  std::string error;
  if (auto path = finder.nearest(test_path)) {
    if (auto config = load_config(*path, error); config && !config->policy_dirs.empty()) {
      dirs = fmt::format("{}", fmt::join(config->policy_dirs, " --policies "));
      because = fmt::format(" ({} names {}; tests do not read it)", *path, fmt::join(config->policy_dirs, ", "));
    }
  }
  return fmt::format("pass the folder of policies that defines it, e.g. `gpuspec test --policies {} {}`{}", dirs,
                     fmt::join(args.positionals, " "), because);
}

std::string junit_xml(const std::vector<TestOutcome>& outcomes) {
  std::size_t failures = std::count_if(outcomes.begin(), outcomes.end(), [](const auto& o) { return !o.problems.empty(); });
  std::string out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
  out += fmt::format("<testsuites name=\"gpuspec test\" tests=\"{}\" failures=\"{}\" errors=\"0\">\n", outcomes.size(), failures);
  out += fmt::format("  <testsuite name=\"gpuspec policy tests\" tests=\"{}\" failures=\"{}\" errors=\"0\" skipped=\"0\">\n",
                     outcomes.size(), failures);
  for (const auto& o : outcomes) {
    out += fmt::format("    <testcase classname=\"gpuspec.policy-tests\" name=\"{}\" file=\"{}\"", markup_escape(o.path), markup_escape(o.path));
    if (o.problems.empty()) {
      out += "/>\n";
      continue;
    }
    std::string text;
    for (const auto& p : o.problems) text += p + "\n";
    out += fmt::format(">\n      <failure message=\"{} problem{}\" type=\"verify\">{}</failure>\n    </testcase>\n",
                       o.problems.size(), o.problems.size() == 1 ? "" : "s", markup_escape(text));
  }
  out += "  </testsuite>\n</testsuites>\n";
  return out;
}

}  // namespace

int run_test(const std::vector<std::string>& raw_args) {
  ParsedArgs args;
  if (auto exit = parse_command_line("test", raw_args, args)) return *exit;
  std::vector<std::string> missing;
  std::vector<WalkProblem> problems;
  std::vector<std::string> files = test_files(args.positionals, missing, problems);
  for (const auto& path : missing) return tool_failure(fmt::format("cannot read '{}': no such file or folder", path));
  // A test that could not be read is not a test that passed.
  for (const auto& problem : problems) return tool_failure(problem.message);
  if (files.empty()) return tool_failure("no .gpuspec test files found: a test run that runs nothing is not a pass");

  Session session(LibraryOptions{args.value("--stdlib"), args.values("--policies")});
  if (session.load_error()) return tool_failure(*session.load_error());
  DiagnosticEngine library_diags;
  library_diags.diagnostics() = session.library_diagnostics();
  // Policies that do not load make every test meaningless: show why, fail them all.
  bool library_broken = library_diags.has_errors();
  if (library_broken) {
    library_diags.sort(session.sources());
    std::cout << render_text(library_diags.diagnostics(), session.sources(), TextRenderOptions{});
  }

  AnalysisOptions analysis;
  analysis.lint_options.today = today_for_waivers();
  std::vector<TestOutcome> outcomes;
  bool advised = false;  // how to load a missing rule is said once, at the first test that needs it
  for (const auto& path : files) {
    TestOutcome outcome{path, {}};
    AnalysisOptions scoped = analysis;
    std::string unread;  // an unreadable test is reported by analyze_file below
    if (auto text = library_broken ? std::nullopt : read_input_file(path, unread)) {
      SourceManager scratch;
      const SourceFile& test = scratch.add(path, std::move(*text));
      // Without its rule, a test only fails on every other rule: say what is missing.
      if (auto missing = lint::rules_not_loaded(test, path, session.policies()); !missing.empty()) {
        std::vector<std::string> quoted;
        for (const auto& id : missing) quoted.push_back(fmt::format("'{}'", id));
        std::string problem = fmt::format("the rule{} under test {} {} not loaded", missing.size() == 1 ? "" : "s",
                                          fmt::join(quoted, ", "), missing.size() == 1 ? "is" : "are");
        if (!advised) problem += ": " + policies_advice(args, path);
        advised = true;
        outcome.problems.push_back(std::move(problem));
      } else if (!args.has("--all-rules")) {
        auto scope = lint::rules_named_by_test(test, path, session.policies());
        if (!scope.empty()) scoped.lint_options.disabled = lint::rules_outside(scope, session.policies());
      }
    }
    if (library_broken) {
      outcome.problems.push_back("the policies did not load (see the errors above)");
    } else if (outcome.problems.empty()) {
      DiagnosticEngine diags;
      std::string io_error;
      auto program = analyze_file(session, path, scoped, diags, &io_error);
      if (!program) {
        outcome.problems.push_back(io_error);
      } else {
        diags.sort(session.sources());
        VerifyResult result = verify_expectations(session.sources(), {program->files().front()->source->id()}, diags.diagnostics());
        if (!result.ok) outcome.problems = std::move(result.problems);
        if (!result.ok && outcome.problems.empty()) outcome.problems.push_back("verification failed");
      }
    }
    std::cout << (outcome.problems.empty() ? "PASS " : "FAIL ") << printable(path) << "\n";
    for (const auto& problem : outcome.problems) std::cout << "  " << printable(problem) << "\n";
    outcomes.push_back(std::move(outcome));
  }
  std::size_t failed = std::count_if(outcomes.begin(), outcomes.end(), [](const auto& o) { return !o.problems.empty(); });
  std::cout << fmt::format("{} passed, {} failed\n", outcomes.size() - failed, failed);

  if (auto junit = args.value("--junit")) {
    std::string write_error;
    if (!writers::write_files_atomically({{*junit, junit_xml(outcomes)}}, write_error)) return tool_failure(write_error);
  }
  return failed ? kExitFindings : kExitClean;
}

}  // namespace gpuspec::driver
