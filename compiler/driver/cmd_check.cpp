// `gpuspec check [PATH...]`: parse, type-check and lint spec files.
//
// Files may sit under different gpuspec.json configs, and a config's policy
// folders change the policy set, so files are grouped by their nearest config and
// each group gets a Session of its own. Diagnostics are written group by group
// (groups sorted by config path, the files of no config first) by the one check
// pipeline (check_stream.h); exit codes and summaries cover the whole run.
#include <fmt/format.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <map>
#include <memory>
#include <set>

#include "backends/writers/atomic_write.h"
#include "diag/render_text.h"
#include "diag/verify.h"
#include "driver/analysis.h"
#include "driver/apply_fixits.h"
#include "diag/baseline.h"
#include "driver/args.h"
#include "driver/commands.h"
#include "driver/config.h"
#include "driver/default_paths.h"
#include "driver/help.h"
#include "driver/check_group.h"
#include "driver/check_output.h"
#include "driver/check_stream.h"
#include "driver/parallel.h"
#include "driver/rewrite_files.h"
#include "driver/session.h"
#include "driver/version.h"
#include "sema/suggest.h"
#include "source/printable.h"

namespace gpuspec::driver {

namespace {

// `--select ops,memory --select power.*`: repeated, comma-separated, or both (as ruff).
std::vector<std::string> patterns_of(const ParsedArgs& args, const std::string& option) {
  std::vector<std::string> out;
  for (const auto& value : args.values(option)) {
    std::size_t start = 0;
    while (start <= value.size()) {
      std::size_t comma = std::min(value.find(',', start), value.size());
      if (comma > start) out.push_back(value.substr(start, comma - start));
      start = comma + 1;
    }
  }
  return out;
}

std::optional<LintOverrides> overrides_from(const ParsedArgs& args, std::string& error) {
  LintOverrides out;
  out.policy_dirs = args.values("--policies");
  if (args.value("--select")) out.select = patterns_of(args, "--select");
  out.ignore = patterns_of(args, "--ignore");
  for (auto& rule : patterns_of(args, "--disable")) out.ignore.push_back(std::move(rule));
  for (const auto& pair : args.values("--severity")) {
    auto eq = pair.find('=');
    auto level = eq == std::string::npos ? std::nullopt : parse_rule_level(pair.substr(eq + 1));
    if (!level) {
      error = fmt::format("--severity takes RULE=error|warning|info, not '{}'", pair);
      return std::nullopt;
    }
    out.severities[pair.substr(0, eq)] = *level;
  }
  if (auto level = args.value("--fail-on")) {
    out.fail_on = parse_rule_level(*level);
    if (!out.fail_on) {
      error = fmt::format("--fail-on takes error, warning or info, not '{}'", *level);
      return std::nullopt;
    }
  }
  return out;
}

// Where `check --fix` is: the round (a few at most) and what the rounds so far applied.
struct FixProgress {
  int round = 0;
  std::size_t applied = 0;
  std::set<std::string> files;
};

int check_command(const std::vector<std::string>& raw_args, FixProgress progress);

constexpr unsigned kMaxJobs = 256;

// --jobs N: a whole number of threads, 1 to kMaxJobs.
std::optional<unsigned> parse_jobs(const std::string& text) {
  if (text.empty() || text.size() > 3 || text.find_first_not_of("0123456789") != std::string::npos) return std::nullopt;
  unsigned n = static_cast<unsigned>(std::stoul(text));
  if (n < 1 || n > kMaxJobs) return std::nullopt;
  return n;
}

// The process ends soon after a check returns. Freeing each session's library (every
// syntax tree of the stdlib and the pack) was ~2 ms of a 15 ms one-file run, so the
// groups are handed to a holder that is never destroyed (still reachable: not a leak
// to LeakSanitizer), as compilers skip their teardown.
struct KeepUntilExit {
  std::vector<std::unique_ptr<CheckGroup>>& groups;
  ~KeepUntilExit() {
    static auto* kept = new std::vector<std::unique_ptr<CheckGroup>>();
    for (auto& group : groups) kept->push_back(std::move(group));
  }
};

// --baseline FILE: says on stderr how many findings the baseline held (suppressed as the
// run wrote them: shown as such in JSON and SARIF, hidden in text, never failing the run)
// and how many of its entries no finding matched.
void report_baseline(const Baseline& baseline, const std::string& path) {
  if (std::size_t covered = baseline.matched()) {
    std::fprintf(stderr, "gpuspec: %zu finding%s in the baseline %s not shown\n", covered, covered == 1 ? " is" : "s are", path.c_str());
  }
  if (std::size_t fixed = baseline.unmatched()) {
    std::fprintf(stderr, "gpuspec: %zu baseline entr%s no longer found; refresh it with --write-baseline %s\n", fixed,
                 fixed == 1 ? "y is" : "ies are", path.c_str());
  }
}

// --write-baseline FILE: every unsuppressed policy finding of the run, atomically.
std::optional<std::string> write_baseline(const std::string& path, const std::vector<std::unique_ptr<CheckGroup>>& groups) {
  std::error_code ec;
  Baseline baseline(std::filesystem::weakly_canonical(std::filesystem::absolute(path, ec), ec).parent_path());
  std::size_t count = 0;
  for (const auto& group : groups) {
    auto ids = group->session->policies().ids();  // a baseline records policy findings only
    for (const auto& d : group->diags.diagnostics()) {
      if (d.suppressed_by || std::find(ids.begin(), ids.end(), d.id) == ids.end()) continue;
      baseline.add(baseline.entry_for(d, group->session->sources()));
      ++count;
    }
  }
  // The baseline is the user's file, rewritten on request (no manifest: it is
  // committed), and never one the run read: a spec, an import, a price book, a config.
  std::vector<std::string> inputs;
  for (const auto& group : groups) {
    for (auto& input : group->session->input_paths()) inputs.push_back(std::move(input));
    if (!group->config.path.empty()) inputs.push_back(group->config.path);
  }
  std::string error;
  if (!rewrite_in_place({{path, baseline.to_json()}}, error, inputs)) return error;
  std::fprintf(stderr, "gpuspec: wrote %zu finding%s to the baseline %s\n", count, count == 1 ? "" : "s", path.c_str());
  return std::nullopt;
}

// `check --fix`: writes every file's fix-its in one atomic step and says what it did
// on stderr. Fixing a syntax error lets sema see the file, which may find more, so
// it checks and fixes again (a few rounds at most, as rustfix does), then checks
// once more without --fix and reports what is left.
constexpr int kMaxFixRounds = 4;

int fix_and_check_again(const std::vector<std::unique_ptr<CheckGroup>>& groups, const std::vector<std::string>& raw_args,
                        FixProgress progress) {
  std::vector<DiagnosticsOf> runs;
  for (const auto& group : groups) runs.push_back({&group->diags.diagnostics(), &group->session->sources()});
  FixedFiles fixed = apply_fixits(runs);
  std::string error;
  if (!fixed.files.empty() && !rewrite_in_place(fixed.files, error)) return tool_failure(error);
  for (const auto& file : fixed.files) {
    // Each file once, however many rounds fix it.
    if (progress.files.insert(file.path).second) std::fprintf(stderr, "gpuspec: fixed %s\n", printable(file.path).c_str());
  }
  progress.applied += fixed.applied;
  if (fixed.applied > 0 && progress.round + 1 < kMaxFixRounds) {
    ++progress.round;
    return check_command(raw_args, std::move(progress));
  }
  // The total of every round: the last round applies nothing when the first fixed all.
  std::fprintf(stderr, "gpuspec: applied %zu fix-it%s in %zu file%s%s\n", progress.applied, progress.applied == 1 ? "" : "s",
               progress.files.size(), progress.files.size() == 1 ? "" : "s",
               fixed.skipped ? fmt::format("; {} overlapped another and waits for the next run", fixed.skipped).c_str() : "");
  std::vector<std::string> again;
  for (const auto& arg : raw_args) {
    if (arg != "--fix") again.push_back(arg);
  }
  return check_command(again, FixProgress{});
}

}  // namespace

int tool_failure(const std::string& message, std::string_view usage) {
  std::fprintf(stderr, "gpuspec: error: %s\n", printable(message).c_str());
  if (!usage.empty()) std::fwrite(usage.data(), 1, usage.size(), stderr);
  return kExitToolFailure;
}

int run_check(const std::vector<std::string>& raw_args) { return check_command(raw_args, FixProgress{}); }

namespace {

int check_command(const std::vector<std::string>& raw_args, FixProgress progress) {
  ParsedArgs args;
  if (auto exit = parse_command_line("check", raw_args, args)) return *exit;
  if (args.has("--fix") && args.has("--verify")) return tool_failure("--fix and --verify cannot be used together");
  std::string error;
  auto presentation = check_output_from(args, error);
  if (!presentation) return tool_failure(error);
  if (args.value("--baseline") && args.value("--write-baseline")) {
    return tool_failure("--baseline and --write-baseline cannot be used together");
  }
  auto overrides = overrides_from(args, error);
  if (!overrides) return tool_failure(error);
  unsigned jobs = default_jobs();
  if (auto value = args.value("--jobs")) {
    auto parsed = parse_jobs(*value);
    if (!parsed) return tool_failure(fmt::format("--jobs takes a number of threads from 1 to {}, not '{}'", kMaxJobs, *value));
    jobs = *parsed;
  }

  std::optional<LintConfig> explicit_config;
  if (auto path = args.value("--config")) {
    explicit_config = load_config(*path, error);
    if (!explicit_config) return tool_failure(error);
  }

  // Group the files by config, loading each config once.
  std::map<std::string, std::unique_ptr<CheckGroup>> by_config;
  auto group_for = [&](const std::optional<std::string>& config_path) -> CheckGroup* {
    std::string key = explicit_config ? explicit_config->path : config_path.value_or("");
    auto& slot = by_config[key];
    if (!slot) {
      LintConfig config;
      if (explicit_config) {
        config = *explicit_config;
      } else if (config_path) {
        auto loaded = load_config(*config_path, error);
        if (!loaded) return nullptr;
        config = std::move(*loaded);
      }
      slot = std::make_unique<CheckGroup>();
      slot->config = apply_overrides(std::move(config), *overrides);
    }
    return slot.get();
  };
  const bool allow_skipped = args.has("--allow-skipped");
  std::vector<Diagnostic> unread;  // paths not checked: exit 2 unless --allow-skipped
  if (args.has("--stdlib-only")) {
    if (!group_for(std::nullopt)) return tool_failure(error);
  } else {
    CollectedPaths collected = collect_paths_or_current_folder(args.positionals);
    for (const auto& missing : collected.missing) return tool_failure(fmt::format("cannot read '{}': no such file or folder", missing));
    if (collected.files.empty()) {
      // Not a failure (a pre-commit hook in an empty repository), but never silent.
      std::fprintf(stderr, "gpuspec: warning: no .gpuspec files in %s\n",
                   args.positionals.empty() ? "the current folder"
                                            : printable(fmt::format("'{}'", fmt::join(args.positionals, "', '"))).c_str());
    }
    for (auto& problem : collected.problems) {
      unread.push_back(unread_path(problem.id, problem.message, problem.note, allow_skipped));
    }
    ConfigFinder finder;
    for (const auto& path : collected.files) {
      CheckGroup* group = group_for(explicit_config ? std::nullopt : finder.nearest(path));
      if (!group) return tool_failure(error);
      // A named file is checked even when excluded, unless --force-exclude (pre-commit
      // names every staged file, the policy tests' deliberate violations too).
      bool named = std::find(args.positionals.begin(), args.positionals.end(), path) != args.positionals.end();
      if ((!named || args.has("--force-exclude")) && is_excluded(group->config, path)) continue;
      group->files.push_back(path);
    }
  }
  std::vector<std::unique_ptr<CheckGroup>> groups;
  for (auto& [key, group] : by_config) groups.push_back(std::move(group));
  KeepUntilExit keep_sessions{groups};

  // Every group's library and config is loaded and validated before any file is
  // checked: a tool failure must come before the first line of output.
  for (auto& group : groups) {
    group->session = std::make_unique<Session>(LibraryOptions{args.value("--stdlib"), group->config.policy_dirs});
    Session& session = *group->session;
    if (session.load_error()) {
      std::string from = group->config.path.empty() ? "" : fmt::format(" (named in {})", group->config.path);
      return tool_failure(*session.load_error() + from);
    }
    // Broken policies are reported before any spec is linted, never half-applied.
    group->library_broken = std::any_of(session.library_diagnostics().begin(), session.library_diagnostics().end(),
                                        [](const Diagnostic& d) { return d.severity == Severity::Error && !d.suppressed_by; });
    if (!group->library_broken && !args.has("--no-lint")) {
      if (auto problem = unknown_rule(group->config, session.policies().ids())) return tool_failure(*problem);
    }
  }
  auto analysis_options = [&](const CheckGroup& group) {
    AnalysisOptions analysis;
    analysis.lint = !args.has("--no-lint");
    analysis.lint_options.no_waivers = args.has("--no-waivers");
    analysis.lint_options.today = today_for_waivers();
    analysis.price_paths = price_paths(group.config, args.values("--prices"));
    analysis.lint_options.disabled = lint::disabled_rules(group.config.rules, group.session->policies().ids());
    analysis.lint_options.severities = group.config.severities;
    return analysis;
  };
  // --fix checks again without the baselines (the last round reads them).
  std::optional<Baseline> baseline;
  if (auto path = args.value("--baseline"); path && !args.has("--fix")) {
    baseline = Baseline::load(*path, error);
    if (!baseline) return tool_failure(error);
  }
  const bool keep = presentation->silent || baseline || args.value("--write-baseline");
  AfterRun after = [&](const CheckRun& run) -> std::optional<int> {
    if (args.has("--fix")) return fix_and_check_again(groups, raw_args, std::move(progress));
    if (baseline) report_baseline(*baseline, *args.value("--baseline"));
    if (auto path = args.value("--write-baseline")) {
      if (auto problem = write_baseline(*path, groups)) return tool_failure(*problem);
    }
    if (!args.has("--verify")) return std::nullopt;
    bool ok = true;
    for (const auto& group : groups) {
      VerifyResult result = verify_expectations(group->session->sources(), group->roots, group->diags.diagnostics());
      for (const auto& problem : result.problems) std::fprintf(stderr, "%s\n", printable(problem).c_str());
      ok = ok && result.ok;
    }
    if (run.incomplete) {
      std::cerr << render_text(run.unread, groups.front()->session->sources(), TextRenderOptions{});
      return kExitToolFailure;
    }
    return ok ? kExitClean : kExitFindings;
  };
  int exit = stream_check(args, *presentation, jobs, groups, std::move(unread), analysis_options, keep,
                          baseline ? &*baseline : nullptr, after);
  // Every finding is now accepted, so it does not fail the run.
  return args.value("--write-baseline") && exit == kExitFindings ? kExitClean : exit;
}

}  // namespace

}  // namespace gpuspec::driver
