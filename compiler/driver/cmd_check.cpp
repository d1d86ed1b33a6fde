// `gpuspec check [PATH...]`: parse, type-check and lint spec files.
//
// Files may sit under different gpuspec.json configs, and a config's policy
// folders change the policy set, so files are grouped by their nearest config and
// each group gets a Session of its own. Diagnostics are rendered group by group
// (groups sorted by config path, the files of no config first); exit codes and
// summaries cover the whole run.
#include <fmt/format.h>
#include <unistd.h>

#include <cstdio>
#include <iostream>
#include <map>
#include <memory>
#include <set>
#include <tuple>

#include "diag/diagnostic_counts.h"
#include "diag/render_github.h"
#include "diag/render_json.h"
#include "diag/render_sarif.h"
#include "diag/render_text.h"
#include "diag/verify.h"
#include "driver/analysis.h"
#include "driver/args.h"
#include "driver/commands.h"
#include "driver/config.h"
#include "driver/lint_setup.h"
#include "driver/session.h"

#ifndef GPUSPEC_VERSION
#define GPUSPEC_VERSION "0.0.0"
#endif

namespace gpuspec::driver {

namespace {

constexpr const char* kCheckUsage = R"(usage: gpuspec check [options] [PATH...]

Parse, type-check and lint .gpuspec files; folders are searched recursively.
Settings come from the nearest gpuspec.json above each file; flags override them.

options:
  --format FORMAT      text (default), json, sarif (SARIF 2.1.0) or github (Actions annotations)
  --verify             compare diagnostics with the files' expected-... comments
  --no-color           never colour the output (NO_COLOR is honoured too)
  --config FILE        use this config for every file instead of looking for gpuspec.json
  --policies DIR       also run the policies in DIR (repeatable)
  --disable RULE       do not run RULE (repeatable)
  --severity RULE=LEVEL  report RULE as error, warning or info (repeatable)
  --fail-on LEVEL      exit 1 on findings at or above error (default), warning or info
  --no-waivers         ignore every waiver
  --no-lint            parse and type-check only
  --prices FILE        a price book of your own for cost.* facts (repeatable)
  --stdlib DIR         use the stdlib in DIR instead of the embedded one
  --stdlib-only        check only the stdlib and the policies

exit status: 0 clean, 1 findings at or above --fail-on (or --verify mismatches), 2 the tool could not run
)";

// Files that share a config (or --config, or none) and so share a policy set.
struct CheckGroup {
  LintConfig config;  // with the command line applied
  std::vector<std::string> files;
  std::unique_ptr<Session> session;
  DiagnosticEngine diags;
  std::vector<FileId> roots;
};

using DiagnosticKey = std::tuple<std::string, std::uint32_t, std::uint32_t, std::string, std::string>;

DiagnosticKey key_of(const Diagnostic& d, const SourceManager& sources) {
  std::string path = d.range.valid() ? sources.file(d.range.file).path() : std::string();
  return {path, d.range.begin, d.range.end, d.id, d.message};
}

// A file imported by several checked files (or a policy file loaded by several
// groups) is checked more than once; show its diagnostics once.
void remove_duplicates(std::vector<Diagnostic>& diags, const SourceManager& sources, std::set<DiagnosticKey>& seen) {
  std::vector<Diagnostic> unique;
  for (auto& d : diags) {
    if (seen.insert(key_of(d, sources)).second) unique.push_back(std::move(d));
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

// The rule metadata SARIF carries: every policy any group ran.
std::vector<SarifRule> sarif_rules(const std::vector<std::unique_ptr<CheckGroup>>& groups) {
  std::vector<SarifRule> rules;
  for (const auto& group : groups) {
    for (const auto& policy : group->session->policies().policies()) {
      std::string short_description = policy.message.empty() ? policy.id : policy.message;
      std::string help_text = policy.doc.empty() ? short_description : policy.doc;
      if (!policy.source.empty()) help_text += "\nsource: " + policy.source;
      rules.push_back(SarifRule{policy.id, std::move(short_description), policy.doc, std::move(help_text), policy.severity});
    }
  }
  return rules;
}

}  // namespace

int tool_failure(const std::string& message) {
  std::fprintf(stderr, "gpuspec: error: %s\n", message.c_str());
  return kExitToolFailure;
}

int run_check(const std::vector<std::string>& raw_args) {
  ArgSpec spec{{"--verify", "--no-color", "--stdlib-only", "--help", "--no-waivers", "--no-lint"},
               {"--format", "--stdlib", "--policies", "--disable", "--severity", "--fail-on", "--config", "--prices"},
               {"--policies", "--disable", "--severity", "--prices"}};
  std::string error;
  ParsedArgs args = parse_args(raw_args, spec, error);
  if (!error.empty()) return tool_failure(error + "\n" + kCheckUsage);
  if (args.has("--help")) {
    std::fputs(kCheckUsage, stdout);
    return kExitClean;
  }
  std::string format = args.value("--format").value_or("text");
  if (format != "text" && format != "json" && format != "sarif" && format != "github") {
    return tool_failure(fmt::format("unknown format '{}'; expected text or json (for people and scripts), sarif or github (for CI)", format));
  }
  auto overrides = overrides_from(args, error);
  if (!overrides) return tool_failure(error);

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
  if (args.has("--stdlib-only")) {
    if (!group_for(std::nullopt)) return tool_failure(error);
  } else {
    if (args.positionals.empty()) return tool_failure(std::string("no files to check\n") + kCheckUsage);
    CollectedPaths collected = collect_spec_files(args.positionals);
    for (const auto& missing : collected.missing) return tool_failure(fmt::format("cannot read '{}': no such file or folder", missing));
    ConfigFinder finder;
    for (const auto& path : collected.files) {
      CheckGroup* group = group_for(explicit_config ? std::nullopt : finder.nearest(path));
      if (!group) return tool_failure(error);
      group->files.push_back(path);
    }
  }
  std::vector<std::unique_ptr<CheckGroup>> groups;
  for (auto& [key, group] : by_config) groups.push_back(std::move(group));

  std::set<DiagnosticKey> seen;
  for (auto& group : groups) {
    group->session = std::make_unique<Session>(LibraryOptions{args.value("--stdlib"), group->config.policy_dirs});
    Session& session = *group->session;
    if (session.load_error()) {
      std::string from = group->config.path.empty() ? "" : fmt::format(" (named in {})", group->config.path);
      return tool_failure(*session.load_error() + from);
    }
    for (const auto& d : session.library_diagnostics()) group->diags.diagnostics().push_back(d);
    // Broken policies are reported before any spec is linted, never half-applied.
    bool library_broken = group->diags.has_errors();
    if (!library_broken && !args.has("--no-lint")) {
      if (auto problem = unknown_rule(group->config, session.policies())) return tool_failure(*problem);
    }

    AnalysisOptions analysis;
    analysis.lint = !args.has("--no-lint");
    analysis.lint_options.no_waivers = args.has("--no-waivers");
    analysis.lint_options.today = today_for_waivers();
    analysis.price_paths = args.values("--prices");
    analysis.lint_options.disabled = group->config.disabled;
    analysis.lint_options.severities = group->config.severities;
    if (!library_broken) {
      for (const auto& path : group->files) {
        std::string io_error;
        auto program = analyze_file(session, path, analysis, group->diags, &io_error);
        if (!program) return tool_failure(fmt::format("cannot read '{}': {}", path, io_error));
        group->roots.push_back(program->files().front()->source->id());
      }
    }
    remove_duplicates(group->diags.diagnostics(), session.sources(), seen);
    group->diags.sort(session.sources());
  }

  if (args.has("--verify")) {
    bool ok = true;
    for (const auto& group : groups) {
      VerifyResult result = verify_expectations(group->session->sources(), group->roots, group->diags.diagnostics());
      for (const auto& problem : result.problems) std::fprintf(stderr, "%s\n", problem.c_str());
      ok = ok && result.ok;
    }
    return ok ? kExitClean : kExitFindings;
  }

  std::vector<Diagnostic> all;
  std::size_t file_count = 0;
  bool failed = false;
  for (const auto& group : groups) {
    all.insert(all.end(), group->diags.diagnostics().begin(), group->diags.diagnostics().end());
    file_count += group->roots.size();
    failed = failed || fails(group->diags.diagnostics(), group->config.fail_on.value_or(Severity::Error));
  }

  if (format == "json") {
    nlohmann::ordered_json out;
    for (const auto& group : groups) {
      auto part = diagnostics_to_json(group->diags.diagnostics(), group->session->sources(), group->roots.size());
      if (out.is_null()) {
        out = std::move(part);
      } else {
        for (auto& d : part["diagnostics"]) out["diagnostics"].push_back(std::move(d));
      }
    }
    DiagnosticCounts counts = count_diagnostics(all);
    out["summary"] = {{"files", file_count}, {"errors", counts.errors}, {"warnings", counts.warnings}, {"infos", counts.infos}};
    std::cout << out.dump(2) << "\n";
  } else if (format == "sarif") {
    std::vector<SarifSource> inputs;
    for (const auto& group : groups) inputs.push_back({&group->diags.diagnostics(), &group->session->sources()});
    SarifOptions options;
    options.tool_version = GPUSPEC_VERSION;
    std::cout << diagnostics_to_sarif(inputs, sarif_rules(groups), options).dump(2) << "\n";
  } else if (format == "github") {
    for (const auto& group : groups) std::cout << render_github(group->diags.diagnostics(), group->session->sources());
  } else {
    TextRenderOptions options;
    options.color = should_use_color(STDOUT_FILENO, args.has("--no-color"));
    for (const auto& group : groups) std::cout << render_text(group->diags.diagnostics(), group->session->sources(), options);
    std::string summary = render_summary(count_diagnostics(all));
    if (!summary.empty()) std::cout << summary << "\n";
  }
  return failed ? kExitFindings : kExitClean;
}

}  // namespace gpuspec::driver
