// `gpuspec quote PATH... [--name DECL] [--currency CNY|USD] [--format text|json|md|csv]
// [--prices FILE]... [--rate FROM/TO=RATE]... [--compare] [--require-prices] [-o FILE]`:
// on-premises TCO, cloud cost and the break-even of every server and cloud option in the
// files and folders given (and what they import), as ranges; a missing price is a warning
// and makes the figures lower bounds (an error under --require-prices); `gpuspec quote
// --diff OLD NEW [--fail-above AMOUNT|PCT]`: a CI cost gate applied to each option (exit 0
// under the threshold, 1 over it or when a price is missing, 2 bad arguments).
#include <fmt/format.h>

#include <algorithm>
#include <cstdio>
#include <iostream>

#include "backends/cost/quote.h"
#include "backends/cost/quote_diff.h"
#include "backends/cost/report.h"
#include "driver/help.h"
#include "driver/commands.h"
#include "driver/cost_project.h"
#include "backends/cost_rules/html_context.h"
#include "driver/session.h"
#include "source/printable.h"

namespace gpuspec::driver {

namespace {

int run_diff(Session& session, const ParsedArgs& args, cost::QuoteOptions options) {
  if (args.positionals.size() != 2) return tool_failure("--diff needs two paths: OLD NEW");
  std::optional<cost::Threshold> threshold;
  if (auto t = args.value("--fail-above")) {
    threshold = cost::parse_threshold(*t);
    if (!threshold) return tool_failure(fmt::format("bad --fail-above '{}' (expected e.g. 10% or 50000CNY)", *t));
  }
  DiagnosticEngine diags;
  CostProject old_project, new_project;
  if (auto e = load_cost_project(session, {args.positionals[0]}, args, diags, old_project); !e.empty()) return tool_failure(e);
  if (auto exit = load_checked_cost_project(session, {args.positionals[1]}, args, diags, new_project)) return *exit;
  auto name = args.value("--name");
  cost::Quote old_quote = cost::build_quote(project_deployments(old_project, name), *old_project.book, options, diags);
  options.currency = old_quote.currency;  // both sides in the same currency
  cost::Quote new_quote = cost::build_quote(project_deployments(new_project, name), *new_project.book, options, diags);
  const auto currency = old_quote.currency;
  auto diffs = cost::diff_quotes(old_quote, new_quote);
  std::string out = fmt::format("quote diff {} -> {} ({})\n", printable(args.positionals[0]),
                                printable(args.positionals[1]), units::currency_code(currency));
  out += cost::render_diff(diffs, currency);
  // A gate on lower bounds cannot vouch for the figures: a missing price or role (a
  // warning) fails it, and so does any error (a missing price under --require-prices).
  const auto gaps = static_cast<std::size_t>(std::count_if(
      diags.diagnostics().begin(), diags.diagnostics().end(),
      [](const Diagnostic& d) { return d.id == "missing-price" || d.id == "bom.incomplete" || d.severity == Severity::Error; }));
  std::vector<cost::GateFailure> failures;
  if (threshold) {
    double limit = threshold->value;
    if (!threshold->percent && threshold->currency != currency) {
      units::Quantity q{threshold->value, units::Dimension::money_amount(), threshold->currency};
      auto converted = new_project.book->convert(q, currency);
      if (!converted) return tool_failure("no exchange rate to convert the --fail-above amount (give --rate FROM/TO=RATE)");
      limit = converted->value.value;
      out += fmt::format("\nthreshold converted at {}\n", converted->describe());
    }
    failures = cost::apply_gate(diffs, *threshold, limit, currency);
    out += "\n";
    for (const auto& f : failures) out += fmt::format("FAIL: {} {}: {}\n", f.option, f.figure, f.why);
    // A missing price or role makes a total a lower bound, whose rise is unknown: the gate
    // cannot pass, so the report must not say it did (the exit status and the text agree).
    if (gaps) {
      out += fmt::format("FAIL: {} missing price{} or role{} (below), so the gate cannot tell whether any option is within {}\n",
                         gaps, gaps == 1 ? "" : "s", gaps == 1 ? "" : "s", threshold->text);
    } else if (failures.empty()) {
      out += fmt::format("ok: every option is within {}\n", threshold->text);
    }
  }
  std::cout << out;
  const bool errors = diags.has_errors();
  print_diagnostics(session, diags);
  if (errors || (threshold && gaps)) return kExitFindings;
  return failures.empty() ? kExitClean : kExitFindings;
}

}  // namespace

int run_quote(const std::vector<std::string>& raw_args) {
  ParsedArgs args;
  if (auto exit = parse_command_line("quote", raw_args, args)) return *exit;
  bool diff = args.has("--diff");
  if (!diff && args.value("--fail-above")) return tool_failure("--fail-above needs --diff OLD NEW");
  cost::QuoteOptions options;
  options.compare_all = args.has("--compare");
  if (auto c = args.value("--currency")) {
    options.currency = cost::currency_from_code(*c);
    if (options.currency == units::Currency::None) return tool_failure(fmt::format("unknown currency '{}' (expected CNY or USD)", *c));
  }
  std::string format_name = args.value("--format").value_or("text");
  cost::Format format = cost::Format::Text;
  if (format_name == "text" || format_name == "html") format = cost::Format::Text;
  else if (format_name == "md") format = cost::Format::Markdown;
  else if (format_name == "csv") format = cost::Format::Csv;
  else if (format_name == "json") format = cost::Format::Json;
  else return tool_failure(fmt::format("unknown format '{}' (expected text, json, md, csv or html)", format_name));

  Session session(LibraryOptions{args.value("--stdlib")});
  if (session.load_error()) return tool_failure(*session.load_error());
  if (diff) return run_diff(session, args, options);

  DiagnosticEngine diags;
  CostProject project;
  if (auto exit = load_checked_cost_project(session, args.positionals, args, diags, project)) return *exit;
  auto deployments = project_deployments(project, args.value("--name"));
  if (deployments.empty()) {
    return tool_failure(args.value("--name") ? fmt::format("no server, cloud or workload named '{}'", *args.value("--name"))
                                             : "no server or cloud in " + fmt::format("'{}'", fmt::join(args.positionals, "', '")));
  }
  cost::Quote quote = cost::build_quote(deployments, *project.book, options, diags);
  if (auto e = add_cost_findings(session, project, quote, diags); !e.empty()) return tool_failure(e);
  std::string text;
  if (format_name == "html") {
    std::vector<const sema::Program*> programs;
    for (const auto& p : project.programs) programs.push_back(p.get());
    for (const auto* p : project.price_files) programs.push_back(p);
    text = cost::render_quote_html(quote, cost_rules::html_context(session.policies(), deployments, std::move(programs),
                                                             fmt::format("Quote: {}", fmt::join(args.positionals, ", "))));
  } else {
    text = cost::render_quote(quote, format);
  }
  return finish_cost_command(session, args, project, text, diags);
}

}  // namespace gpuspec::driver
