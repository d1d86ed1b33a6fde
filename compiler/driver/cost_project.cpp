#include "driver/cost_project.h"

#include <fmt/format.h>

#include <algorithm>
#include <iostream>
#include <set>
#include <tuple>

#include "backends/cost_rules/quote_rules.h"
#include "backends/writers/atomic_write.h"
#include "diag/render_text.h"
#include "driver/commands.h"
#include "driver/config.h"
#include "driver/load_spec.h"
#include "lint/rule_selection.h"

namespace gpuspec::driver {

std::string load_cost_project(Session& session, const std::vector<std::string>& paths, const ParsedArgs& args,
                              DiagnosticEngine& diags, CostProject& out) {
  CollectedPaths collected = collect_spec_files(paths);
  for (const auto& missing : collected.missing) return fmt::format("cannot read '{}': no such file or folder", missing);
  // A folder the walk could not read completely would make a quote that leaves things out.
  for (const auto& problem : collected.problems) return problem.message;
  out.files = collected.files;
  ConfigFinder finder;
  std::string error;
  for (const auto& path : out.files) {
    std::optional<LintConfig> config;
    if (auto config_path = finder.nearest(path)) {
      config = load_config(*config_path, error);
      if (!config) return error;
      for (const auto& file : config->price_files) {
        if (std::find(out.price_paths.begin(), out.price_paths.end(), file) == out.price_paths.end()) {
          out.price_paths.push_back(file);
        }
      }
      if (config->fail_on && (!out.fail_on || severity_rank(*config->fail_on) < severity_rank(*out.fail_on))) {
        out.fail_on = config->fail_on;
      }
    }
    out.configs.push_back(std::move(config));
    std::string io_error;
    auto spec = load_spec(session, path, diags, &io_error);
    if (!spec) return io_error;
    out.programs.push_back(std::make_unique<sema::Program>(std::move(spec->program)));
  }
  for (const auto& file : args.values("--prices")) out.price_paths.push_back(file);
  std::vector<const sema::Program*> programs;
  for (const auto& p : out.programs) programs.push_back(p.get());
  out.book = spec_price_book(session, programs, out.price_paths, diags, error);
  if (!out.book) return error;
  for (const auto& p : session.price_files(out.price_paths).programs) out.price_files.push_back(&p);
  for (const auto& text : args.values("--rate")) {
    auto rate = cost::parse_rate_override(text, error);
    if (!rate) return error;
    out.book->add_rate_override(*rate);
  }
  out.today = today_for_waivers();
  out.book->set_quote_date(out.today);
  return "";
}

std::vector<cost::Deployment> project_deployments(const CostProject& project, const std::optional<std::string>& name) {
  std::vector<const sema::Program*> programs;
  for (const auto& p : project.programs) programs.push_back(p.get());
  return cost_rules::project_deployments(programs, name);
}

std::string add_cost_findings(Session& session, const CostProject& project, const cost::Quote& quote,
                              DiagnosticEngine& diags) {
  const lint::PolicySet rules = cost_rules::quote_rules(session.policies());
  if (rules.policies().empty()) return "";
  for (std::size_t i = 0; i < project.programs.size(); ++i) {
    lint::LintOptions options;
    options.today = project.today;
    if (const auto& config = project.configs[i]) {
      options.disabled = lint::disabled_rules(config->rules, session.policies().ids());
      options.severities = config->severities;
    }
    cost_rules::add_quote_findings(*project.programs[i], rules, options, *project.book, quote, diags);
  }
  return "";
}

std::optional<int> load_checked_cost_project(Session& session, const std::vector<std::string>& paths,
                                             const ParsedArgs& args, DiagnosticEngine& diags, CostProject& out) {
  if (auto e = load_cost_project(session, paths, args, diags, out); !e.empty()) return tool_failure(e);
  if (!diags.has_errors()) return std::nullopt;
  print_diagnostics(session, diags);
  return kExitFindings;
}

int cost_exit_code(const CostProject& project, bool require_prices, DiagnosticEngine& diags) {
  const Severity fail_on = project.fail_on.value_or(Severity::Error);
  bool fails = false;
  for (auto& d : diags.diagnostics()) {
    if (require_prices && (d.id == "missing-price" || d.id == "bom.incomplete")) d.severity = Severity::Error;
    if (!d.suppressed_by && severity_rank(d.severity) >= severity_rank(fail_on)) fails = true;
  }
  return fails ? kExitFindings : kExitClean;
}

int finish_cost_command(Session& session, const ParsedArgs& args, const CostProject& project, const std::string& text,
                        DiagnosticEngine& diags) {
  if (auto out = args.value("-o")) {
    std::string err;
    if (!writers::write_outputs({{*out, text}}, output_options(args, session), err)) return tool_failure(err);
  } else {
    std::cout << text;
  }
  const int exit = cost_exit_code(project, args.has("--require-prices"), diags);
  print_diagnostics(session, diags);
  return exit;
}

void print_diagnostics(Session& session, DiagnosticEngine& diags) {
  std::set<std::tuple<std::string, std::uint32_t, std::uint32_t, std::string, std::string>> seen;
  std::vector<Diagnostic> unique;
  for (auto& d : diags.diagnostics()) {
    std::string path = d.range.valid() ? session.sources().file(d.range.file).path() : std::string();
    if (seen.insert({path, d.range.begin, d.range.end, d.id, d.message}).second) unique.push_back(std::move(d));
  }
  diags.diagnostics() = std::move(unique);
  diags.sort(session.sources());
  std::cerr << render_text(diags.diagnostics(), session.sources(), TextRenderOptions{});
}

}  // namespace gpuspec::driver
