// `gpuspec check [PATH...]`: parse, type-check (and later lint) spec files.
#include <fmt/format.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <iostream>
#include <set>
#include <tuple>

#include "diag/diagnostic_counts.h"
#include "diag/render_json.h"
#include "diag/render_text.h"
#include "diag/verify.h"
#include "driver/commands.h"
#include "driver/args.h"
#include "driver/analysis.h"
#include "driver/session.h"
#include "sema/checker.h"
#include "sema/loader.h"

namespace gpuspec::driver {

namespace {

constexpr const char* kCheckUsage = R"(usage: gpuspec check [options] [PATH...]

Parse, type-check and lint .gpuspec files; folders are searched recursively.

options:
  --format text|json   output format (default: text)
  --verify             compare diagnostics with the files' expected-... comments
  --no-color           never colour the output (NO_COLOR is honoured too)
  --policies DIR       also run the policies in DIR (repeatable)
  --disable RULE       do not run RULE (repeatable)
  --severity RULE=LEVEL  report RULE as error, warning or info (repeatable)
  --fail-on LEVEL      exit 1 on findings at or above error (default), warning or info
  --no-waivers         ignore every waiver
  --no-lint            parse and type-check only
  --stdlib DIR         use the stdlib in DIR instead of the embedded one
  --stdlib-only        check only the stdlib and the policies

exit status: 0 clean, 1 findings at or above --fail-on (or --verify mismatches), 2 the tool could not run
)";

// A file imported by several checked files is checked once per importer; show its
// diagnostics once.
void remove_duplicates(std::vector<Diagnostic>& diags) {
  std::set<std::tuple<std::string, FileId, std::uint32_t, std::uint32_t, std::string>> seen;
  std::vector<Diagnostic> unique;
  for (auto& d : diags) {
    if (seen.emplace(d.id, d.range.file, d.range.begin, d.range.end, d.message).second) unique.push_back(std::move(d));
  }
  diags = std::move(unique);
}

// Severity order: error > warning > info. A suppressed finding never fails a run.
bool fails(const std::vector<Diagnostic>& diags, Severity fail_on) {
  auto rank = [](Severity s) { return s == Severity::Error ? 3 : s == Severity::Warning ? 2 : s == Severity::Info ? 1 : 0; };
  for (const auto& d : diags) {
    if (!d.suppressed_by && rank(d.severity) >= rank(fail_on)) return true;
  }
  return false;
}

// Waiver expiry compares against today's date; GPUSPEC_TODAY pins it for tests.
std::string today() {
  if (const char* pinned = std::getenv("GPUSPEC_TODAY"); pinned && *pinned) return pinned;
  std::time_t now = std::time(nullptr);
  std::tm utc{};
  gmtime_r(&now, &utc);
  char buffer[11];
  std::strftime(buffer, sizeof buffer, "%Y-%m-%d", &utc);
  return buffer;
}

}  // namespace

int tool_failure(const std::string& message) {
  std::fprintf(stderr, "gpuspec: error: %s\n", message.c_str());
  return kExitToolFailure;
}

int run_check(const std::vector<std::string>& raw_args) {
  ArgSpec spec{{"--verify", "--no-color", "--stdlib-only", "--help", "--no-waivers", "--no-lint"},
               {"--format", "--stdlib", "--policies", "--disable", "--severity", "--fail-on"},
               {"--policies", "--disable", "--severity"}};
  std::string error;
  ParsedArgs args = parse_args(raw_args, spec, error);
  if (!error.empty()) return tool_failure(error + "\n" + kCheckUsage);
  if (args.has("--help")) {
    std::fputs(kCheckUsage, stdout);
    return kExitClean;
  }
  std::string format = args.value("--format").value_or("text");
  if (format != "text" && format != "json") return tool_failure(fmt::format("unknown format '{}'; expected text or json", format));

  AnalysisOptions analysis;
  analysis.lint = !args.has("--no-lint");
  analysis.lint_options.no_waivers = args.has("--no-waivers");
  analysis.lint_options.today = today();
  for (const auto& rule : args.values("--disable")) analysis.lint_options.disabled.insert(rule);
  for (const auto& pair : args.values("--severity")) {
    auto eq = pair.find('=');
    auto level = eq == std::string::npos ? std::nullopt : parse_severity(pair.substr(eq + 1));
    if (!level || *level == Severity::Note) {
      return tool_failure(fmt::format("--severity takes RULE=error|warning|info, not '{}'", pair));
    }
    analysis.lint_options.severities[pair.substr(0, eq)] = *level;
  }
  Severity fail_on = Severity::Error;
  if (auto level = args.value("--fail-on")) {
    auto parsed = parse_severity(*level);
    if (!parsed || *parsed == Severity::Note) return tool_failure(fmt::format("--fail-on takes error, warning or info, not '{}'", *level));
    fail_on = *parsed;
  }

  Session session(LibraryOptions{args.value("--stdlib"), args.values("--policies")});
  if (session.load_error()) return tool_failure(*session.load_error());

  DiagnosticEngine diags;
  std::vector<FileId> roots;
  for (const auto& d : session.library_diagnostics()) diags.diagnostics().push_back(d);
  // Broken policies are reported before any spec is linted, never half-applied.
  bool library_broken = diags.has_errors();

  if (!args.has("--stdlib-only") && !library_broken) {
    std::vector<std::string> paths = args.positionals;
    if (paths.empty()) return tool_failure(std::string("no files to check\n") + kCheckUsage);
    CollectedPaths collected = collect_spec_files(paths);
    for (const auto& missing : collected.missing) return tool_failure(fmt::format("cannot read '{}': no such file or folder", missing));
    for (const auto& path : collected.files) {
      std::string io_error;
      auto program = analyze_file(session, path, analysis, diags, &io_error);
      if (!program) return tool_failure(fmt::format("cannot read '{}': {}", path, io_error));
      roots.push_back(program->files().front()->source->id());
    }
  }
  remove_duplicates(diags.diagnostics());
  diags.sort(session.sources());

  if (args.has("--verify")) {
    VerifyResult result = verify_expectations(session.sources(), roots, diags.diagnostics());
    for (const auto& problem : result.problems) std::fprintf(stderr, "%s\n", problem.c_str());
    if (!result.ok) return kExitFindings;
    return kExitClean;
  }

  if (format == "json") {
    std::cout << diagnostics_to_json(diags.diagnostics(), session.sources(), roots.size()).dump(2) << "\n";
  } else {
    TextRenderOptions options;
    options.color = should_use_color(STDOUT_FILENO, args.has("--no-color"));
    std::cout << render_text(diags.diagnostics(), session.sources(), options);
    std::string summary = render_summary(count_diagnostics(diags.diagnostics()));
    if (!summary.empty()) std::cout << summary << "\n";
  }
  return fails(diags.diagnostics(), fail_on) ? kExitFindings : kExitClean;
}

}  // namespace gpuspec::driver
