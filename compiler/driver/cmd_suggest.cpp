// `gpuspec suggest FILE [--workload NAME] [--budget AMOUNT] [--region R] [--onprem|--cloud]
// [--top N] [--format text|json|gpuspec|html] [-o FILE]`: from a workload to the cheapest
// configurations that pass the full policy pack, ranked by the total over the workload's
// horizon (backends/suggest/, docs/suggest.md).
#include <fmt/format.h>

#include <charconv>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <memory>
#include <optional>

#include "backends/cost_rules/html_context.h"
#include "backends/cost/price_book.h"
#include "backends/cost/quote_diff.h"
#include "backends/suggest/candidate_text.h"
#include "backends/suggest/candidate_verdict.h"
#include "backends/suggest/ranking.h"
#include "backends/suggest/regions.h"
#include "backends/suggest/report.h"
#include "backends/suggest/search.h"
#include "backends/writers/atomic_write.h"
#include "driver/analysis.h"
#include "driver/help.h"
#include "driver/commands.h"
#include "driver/config.h"
#include "driver/cost_project.h"
#include "driver/session.h"
#include "sema/loader.h"
#include "source/json_io.h"
#include "source/printable.h"

namespace gpuspec::driver {

namespace {

namespace fs = std::filesystem;

// suggest's judge (backends/suggest/judge.h): a candidate file is loaded as if saved at
// `path` (the workload's file imported from there) and put through check_and_lint —
// type-checking, facts, cost facts, the full pack with the run's policies and
// gpuspec.json settings — exactly what `gpuspec check` does to a file.
class CandidateChecker {
 public:
  CandidateChecker(Session& session, AnalysisOptions options, const cost::PriceBook& book, std::string path)
      : session_(session), options_(std::move(options)), book_(book), path_(std::move(path)) {}

  suggest::Verdict operator()(const std::string& file, const std::string& declaration) {
    DiagnosticEngine diags;
    auto program = std::make_shared<sema::Program>(
        sema::load_program_text(path_, file, session_.library(), session_.sources(), diags));
    Keeper keeper(declaration);
    AnalysisOptions options = options_;
    options.providers.push_back(&keeper);
    check_and_lint(session_, *program, options, book_, diags);
    return suggest::candidate_verdict(std::move(program), declaration, diags.diagnostics(), std::move(keeper.kept));
  }

 private:
  // A provider of no facts that keeps a copy of the candidate's, the cost facts priced
  // (a copy provides what is deferred). The first set is the candidate's own; later
  // ones are the pack's what-ifs (a cloud rule naming the instances that would pass).
  struct Keeper final : facts::FactProvider {
    explicit Keeper(const std::string& declaration) : declaration(declaration) {}
    std::span<const facts::FactId> owned() const override { return {}; }
    void attach(const sema::DeclEntry& entry, facts::FactSet& set) override {
      if (entry.decl->name == declaration && !kept) kept = set;
    }
    const std::string& declaration;
    std::optional<facts::FactSet> kept;
  };

  Session& session_;
  AnalysisOptions options_;
  const cost::PriceBook& book_;
  std::string path_;
};

// A declaration name the program does not use yet: `base`, else base_2, base_3, ...
std::string unused_name(const sema::Program& program, const std::string& base) {
  if (!program.find(base)) return base;
  for (int i = 2;; ++i) {
    std::string name = fmt::format("{}_{}", base, i);
    if (!program.find(name)) return name;
  }
}

// The workloads declared in the root file.
std::vector<const sema::DeclEntry*> root_workloads(const sema::Program& program) {
  std::vector<const sema::DeclEntry*> out;
  for (const auto& decl : program.files().front()->ast.declarations) {
    const sema::DeclEntry* entry = program.find(decl.name);
    if (decl.kind == "workload" && entry && entry->decl == &decl) out.push_back(entry);
  }
  return out;
}

std::optional<int> parse_count(const std::string& text) {
  int n = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), n);
  if (ec != std::errc() || end != text.data() + text.size() || n < 1) return std::nullopt;
  return n;
}

}  // namespace

// What the command line asks for, checked.
struct Request {
  std::string path;
  std::string format;
  std::size_t top = 5;
  std::string site_region;
  std::optional<std::string> cloud_region;
  std::optional<units::Quantity> budget;
  std::string uptime;  // "" or a server `uptime` value
};

std::optional<Request> read_request(const ParsedArgs& args, std::string& error) {
  Request r;
  r.path = args.positionals.front();
  r.format = args.value("--format").value_or("text");
  if (r.format != "text" && r.format != "json" && r.format != "gpuspec" && r.format != "html") {
    error = fmt::format("unknown format '{}'; expected text, json, gpuspec or html", r.format);
    return std::nullopt;
  }
  if (args.has("--onprem") && args.has("--cloud")) {
    error = "--onprem and --cloud exclude each other";
    return std::nullopt;
  }
  if (auto t = args.value("--top")) {
    auto n = parse_count(*t);
    if (!n) {
      error = fmt::format("--top takes a whole number of 1 or more, not '{}'", *t);
      return std::nullopt;
    }
    r.top = static_cast<std::size_t>(*n);
  }
  // Where: a site region, or one cloud region (and the site region it lies in).
  r.site_region = args.value("--region").value_or("us");
  if (!suggest::is_site_region(r.site_region)) {
    r.cloud_region = r.site_region;
    r.site_region = suggest::region_geography(r.site_region);
  }
  if (auto u = args.value("--uptime")) {
    if (*u != "office_hours" && *u != "24x7") {
      error = fmt::format("--uptime takes office_hours or 24x7, not '{}'", printable(*u));
      return std::nullopt;
    }
    r.uptime = *u;
  }
  if (auto b = args.value("--budget")) {
    auto t = cost::parse_threshold(*b);
    if (!t || t->percent) {
      error = fmt::format("--budget takes an amount with its currency, e.g. 150000CNY, not '{}'", *b);
      return std::nullopt;
    }
    r.budget = units::Quantity{t->value, units::Dimension::money_amount(), t->currency};
  }
  return r;
}

// The lint settings `check` would use for `path`: --config, else the nearest gpuspec.json,
// with --policies added.
std::optional<LintConfig> lint_config(const ParsedArgs& args, const std::string& path, std::string& error) {
  LintConfig config;
  std::optional<std::string> file = args.value("--config");
  if (!file) file = ConfigFinder().nearest(path);
  if (file) {
    auto loaded = load_config(*file, error);
    if (!loaded) return std::nullopt;
    config = std::move(*loaded);
  }
  LintOverrides overrides;
  overrides.policy_dirs = args.values("--policies");
  return apply_overrides(std::move(config), overrides);
}

// --workload NAME, else the only workload the file declares; nullptr with `error` set.
const sema::DeclEntry* choose_workload(const sema::Program& program, const ParsedArgs& args, const std::string& path,
                                       std::string& error) {
  auto workloads = root_workloads(program);
  if (auto name = args.value("--workload")) {
    for (const auto* w : workloads) {
      if (w->decl->name == *name) return w;
    }
    error = fmt::format("no workload named '{}' in '{}'", *name, path);
    return nullptr;
  }
  if (workloads.size() == 1) return workloads.front();
  std::vector<std::string> names;
  for (const auto* w : workloads) names.push_back(w->decl->name);
  error = workloads.empty() ? fmt::format("no workload in '{}'", path)
                            : fmt::format("'{}' declares several workloads ({}): name one with --workload", path,
                                          fmt::join(names, ", "));
  return nullptr;
}

// The best owned and rented declarations as one file; each was judged alone, and
// together they also price each other (the break-even), so the file is judged again.
std::string gpuspec_output(const suggest::Ranking& ranking, const suggest::CandidateContext& context,
                           const std::vector<std::string>& header, CandidateChecker& checker) {
  std::vector<std::string> declarations;
  for (int index : {ranking.best_onprem, ranking.best_cloud}) {
    if (index >= 0) declarations.push_back(ranking.options[index].passing->declaration);
  }
  std::string text = suggest::candidate_file(context, header, declarations);
  for (const auto& f : checker(text, context.server_name).findings) {
    if (f.severity == Severity::Error || f.severity == Severity::Warning) {
      std::cerr << fmt::format("gpuspec: warning: the suggested declarations together report {}: {}\n", f.rule,
                               f.message);
    }
  }
  return text;
}

// The HTML report, quoting the best owned and rented options (or the best alone).
std::string html_output(Session& session, const suggest::ReportInput& report,
                        const std::vector<sema::Program>& price_files) {
  const suggest::Ranking& ranking = report.ranking;
  std::vector<cost::Deployment> shown;
  std::vector<const sema::Program*> programs;
  for (int index : {ranking.best_onprem, ranking.best_cloud}) {
    if (index < 0) continue;
    const suggest::Verdict& v = ranking.options[index].passing->verdict;
    shown.push_back({v.program.get(), v.entry});
    programs.push_back(v.program.get());
  }
  for (const auto& p : price_files) programs.push_back(&p);
  return suggest::render_html(report, cost_rules::html_context(session.policies(), shown, std::move(programs),
                                                         fmt::format("Suggestions for workload '{}'", report.workload)));
}

int run_suggest(const std::vector<std::string>& raw_args) {
  std::string error;
  ParsedArgs args;
  if (auto exit = parse_command_line("suggest", raw_args, args)) return *exit;
  auto request = read_request(args, error);
  if (!request) return tool_failure(error);
  const std::string& path = request->path;
  auto config = lint_config(args, path, error);
  if (!config) return tool_failure(error);
  Session session(LibraryOptions{args.value("--stdlib"), config->policy_dirs});
  if (session.load_error()) return tool_failure(*session.load_error());
  if (report_broken_library(session)) return kExitToolFailure;
  if (auto problem = unknown_rule(*config, session.policies().ids())) return tool_failure(*problem);
  AnalysisOptions analysis;
  analysis.lint_options.today = today_for_waivers();
  analysis.lint_options.disabled = lint::disabled_rules(config->rules, session.policies().ids());
  analysis.lint_options.severities = config->severities;
  analysis.price_paths = price_paths(*config, args.values("--prices"));

  // FILE itself must check: a search over a broken workload would judge nothing.
  DiagnosticEngine diags;
  std::string io_error;
  auto program = analyze_file(session, path, analysis, diags, &io_error);
  if (!program) return tool_failure(fmt::format("cannot read '{}': {}", path, io_error));
  if (diags.has_errors()) {
    print_diagnostics(session, diags);
    std::cerr << "gpuspec: error: suggest needs a file that checks without errors\n";
    return kExitFindings;
  }
  const sema::DeclEntry* workload = choose_workload(*program, args, path, error);
  if (!workload) return tool_failure(error);
  suggest::WorkloadView view = suggest::view_workload(*program, *workload);
  if (!view.horizon_months) {
    auto& d = diags.error("suggest.no-horizon", workload->decl->name_range,
                          fmt::format("workload '{}' has no horizon: suggest ranks options by their total cost over it",
                                      view.name));
    d.declaration = view.name;
    d.hint = "declare how long the hardware must serve, e.g. horizon = 24 months";
    print_diagnostics(session, diags);
    return kExitFindings;
  }
  const std::optional<units::Quantity> budget = request->budget ? request->budget : view.budget;

  // The price books: the one `check` lints with (each candidate is judged with it), and the
  // same dated today, with which the search sizes and orders the parts and the ranking
  // prices the candidates, so both choose the price in effect on the quote date.
  auto book = analysis_price_book(session, *program, analysis, diags, error);
  if (!book) return tool_failure(error);
  if (request->cloud_region) {
    if (auto problem = suggest::unknown_region(*request->cloud_region, *book)) return tool_failure(*problem);
  }
  cost::PriceBook ranking_book = *book;
  ranking_book.set_quote_date(analysis.lint_options.today);

  // Candidates are judged as the file --format gpuspec writes: next to FILE, or at -o.
  const fs::path candidate_path = request->format == "gpuspec" && args.value("-o")
                                      ? fs::path(*args.value("-o"))
                                      : fs::path(path).parent_path() / (view.name + ".suggested.gpuspec");
  std::error_code ec;
  fs::path from = fs::absolute(candidate_path, ec).parent_path();
  std::string import_path = fs::absolute(path, ec).lexically_relative(from).generic_string();

  suggest::CandidateContext context;
  context.workload = view.name;
  context.site_region = request->site_region;
  context.currency = request->site_region == "cn" ? units::Currency::CNY : units::Currency::USD;
  context.budget = budget;
  context.server_name = unused_name(*program, view.name + "_onprem");
  context.cloud_name = unused_name(*program, view.name + "_cloud");
  context.import_path = import_path;
  context.uptime = request->uptime;

  suggest::RuleView rules(session.policies(), analysis.lint_options);
  suggest::SearchInput input{*program, view, rules, ranking_book, context};
  input.header = {fmt::format("Suggested by `gpuspec suggest` for workload '{}': the cheapest configurations that",
                              view.name),
                  "pass every error and warning rule, ranked by their total cost over the horizon."};
  input.onprem = !args.has("--cloud");
  input.cloud = !args.has("--onprem");
  input.cloud_region = request->cloud_region;
  CandidateChecker checker(session, analysis, *book, candidate_path.string());
  // The candidate file must be able to import the workload's from where it is judged
  // (and written): inside the same project root.
  {
    suggest::Verdict empty = checker(suggest::candidate_file(context, {}, {}), "");
    for (const auto& f : empty.findings) {
      if (f.severity == Severity::Error && f.rule != "suggest.no-candidate") {
        return tool_failure(fmt::format("a candidate at '{}' cannot use '{}': {} ({}); write it next to '{}', or mark "
                                        "the project root with a gpuspec.json",
                                        candidate_path.string(), path, f.message, f.rule, path));
      }
    }
  }
  suggest::SearchResult result = suggest::search(input, std::ref(checker));
  if (args.has("--timing")) {
    const auto& t = result.tally;
    std::cerr << fmt::format("gpuspec: suggest: {} configurations, {} pack runs in {:.3f} s ({:.0f} pack runs/s)\n",
                             t.configurations, t.pack_runs, t.seconds, t.seconds > 0 ? t.pack_runs / t.seconds : 0.0);
  }
  suggest::Ranking ranking = suggest::rank(result.passing, ranking_book, context.currency);
  if (!ranking.horizon_months) ranking.horizon_months = view.horizon_months;

  suggest::ReportInput report{view.name, path, request->site_region, request->cloud_region.value_or(""),
                              rules.rules_for("server"), rules.rules_for("cloud"), result, ranking, request->top,
                              budget};
  std::string text;
  if (request->format == "gpuspec" && ranking.options.empty()) {
    std::cerr << suggest::render_text(report);  // nothing to write: say why
    return kExitFindings;
  }
  if (request->format == "json") {
    text = dump_json(suggest::render_json(report)) + "\n";
  } else if (request->format == "gpuspec") {
    text = gpuspec_output(ranking, context, input.header, checker);
  } else if (request->format == "html") {
    text = html_output(session, report, session.price_files(analysis.price_paths).programs);
  } else {
    text = suggest::render_text(report);
  }
  if (auto out = args.value("-o")) {
    // The same rules as bom and quote: never over the spec itself, a symlink, or a file
    // gpuspec did not write (unless --force).
    if (!writers::write_outputs({{*out, text}}, output_options(args, session), error)) return tool_failure(error);
  } else {
    std::cout << text;
  }
  return ranking.options.empty() ? kExitFindings : kExitClean;
}

}  // namespace gpuspec::driver
