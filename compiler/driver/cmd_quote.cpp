// `gpuspec quote FILE [--name DECL] [--currency CNY|USD] [--format text|json|md|csv]
// [--prices FILE]... [--compare] [-o FILE]`: on-premises TCO, cloud cost and the
// break-even; `gpuspec quote --diff OLD NEW [--fail-above AMOUNT|PCT]`: a CI cost gate
// (exit 0 under the threshold, 1 over it or when a price is missing, 2 bad arguments).
#include <fmt/format.h>

#include <charconv>
#include <cmath>
#include <iostream>
#include <map>

#include "backends/cost/price_files.h"
#include "backends/cost/quote.h"
#include "backends/cost/report.h"
#include "diag/render_text.h"
#include "backends/writers/atomic_write.h"
#include "driver/help.h"
#include "driver/commands.h"
#include "driver/session.h"
#include "sema/checker.h"
#include "sema/loader.h"

namespace gpuspec::driver {

namespace {

struct Loaded {
  std::optional<sema::Program> program;
  std::vector<sema::Program> price_files;
  std::optional<cost::PriceBook> book;
};

// Loads and checks FILE plus the price files; "" or a tool-failure message.
std::string load(Session& session, const std::string& path, const std::vector<std::string>& prices,
                 DiagnosticEngine& diags, Loaded& out) {
  std::string io_error;
  out.program = sema::load_program(path, session.library(), session.sources(), diags, &io_error);
  if (!out.program) return fmt::format("cannot read '{}': {}", path, io_error);
  sema::check_program(*out.program, diags);
  std::string error;
  if (!cost::load_price_files(prices, session.library(), session.sources(), diags, out.price_files, error)) return error;
  out.book = cost::build_price_book(*out.program, out.price_files);
  return "";
}

std::vector<const sema::DeclEntry*> selected(const sema::Program& program, const std::optional<std::string>& name) {
  auto all = cost::root_deployments(program);
  if (!name) return all;
  std::vector<const sema::DeclEntry*> out;
  for (const auto* d : all) {
    const ast::Property* serves = nullptr;
    for (const auto& item : d->decl->body.items) {
      if (const auto* p = std::get_if<ast::Property>(&item); p && p->key == "serves") serves = p;
    }
    const auto* served = serves ? serves->value->as<ast::Name>() : nullptr;
    if (d->decl->name == *name || (served && served->name == *name)) out.push_back(d);
  }
  return out;
}

// Every figure of a quote as a named line, so two quotes can be compared line by line.
std::map<std::string, double> quote_lines(const cost::Quote& q) {
  // With one server the keys leave its name out, so a renamed server still diffs line by line.
  std::map<std::string, double> lines;
  for (const auto& s : q.servers) {
    std::string prefix = q.servers.size() > 1 ? s.bom.server + ": " : "";
    for (const auto& l : s.bom.lines) {
      if (l.line_total) lines[fmt::format("{}{} {}", prefix, l.role, l.part)] += *l.line_total;
    }
    if (s.opex_over_horizon) lines[prefix + "electricity over horizon"] += *s.opex_over_horizon;
  }
  for (const auto& c : q.clouds) {
    if (c.total) lines[fmt::format("{}: {} x {} cloud total", c.name, c.count, c.instance)] = *c.total;
  }
  return lines;
}

struct Threshold {
  bool percent = false;
  double value = 0;
  units::Currency currency = units::Currency::None;
};

std::optional<Threshold> parse_threshold(const std::string& text) {
  Threshold t;
  std::string number = text;
  if (text.ends_with("%")) {
    t.percent = true;
    number = text.substr(0, text.size() - 1);
  } else if (text.ends_with("CNY") || text.ends_with("USD")) {
    t.currency = text.ends_with("CNY") ? units::Currency::CNY : units::Currency::USD;
    number = text.substr(0, text.size() - 3);
  } else {
    return std::nullopt;
  }
  while (!number.empty() && number.back() == ' ') number.pop_back();
  auto [end, ec] = std::from_chars(number.data(), number.data() + number.size(), t.value);
  if (ec != std::errc() || end != number.data() + number.size() || number.empty() || !(t.value >= 0)) return std::nullopt;
  return t;
}

int run_diff(Session& session, const ParsedArgs& args, const cost::QuoteOptions& options) {
  if (args.positionals.size() != 2) return tool_failure("--diff needs two files: OLD NEW");
  std::optional<Threshold> threshold;
  if (auto t = args.value("--fail-above")) {
    threshold = parse_threshold(*t);
    if (!threshold) return tool_failure(fmt::format("bad --fail-above '{}' (expected e.g. 10% or 50000CNY)", *t));
  }
  DiagnosticEngine diags;
  Loaded old_spec, new_spec;
  if (auto e = load(session, args.positionals[0], args.values("--prices"), diags, old_spec); !e.empty()) return tool_failure(e);
  if (auto e = load(session, args.positionals[1], args.values("--prices"), diags, new_spec); !e.empty()) return tool_failure(e);
  auto render_diags = [&] {
    diags.sort(session.sources());
    std::cerr << render_text(diags.diagnostics(), session.sources(), TextRenderOptions{});
  };
  if (diags.has_errors()) {
    render_diags();
    return kExitFindings;
  }
  cost::QuoteOptions opts = options;
  cost::Quote old_quote = cost::build_quote(*old_spec.program, selected(*old_spec.program, args.value("--name")),
                                            *old_spec.book, opts, diags);
  opts.currency = old_quote.currency;  // both sides in the same currency
  cost::Quote new_quote = cost::build_quote(*new_spec.program, selected(*new_spec.program, args.value("--name")),
                                            *new_spec.book, opts, diags);
  auto before = quote_lines(old_quote);
  auto after = quote_lines(new_quote);
  const auto currency = old_quote.currency;
  auto money = [&](double v) { return cost::format_money(v, currency); };
  std::string out = fmt::format("quote diff {} -> {} ({})\n", args.positionals[0], args.positionals[1],
                                units::currency_code(currency));
  double old_total = 0, new_total = 0;
  for (const auto& [k, v] : before) old_total += v;
  for (const auto& [k, v] : after) new_total += v;
  std::map<std::string, std::pair<std::optional<double>, std::optional<double>>> keys;
  for (const auto& [k, v] : before) keys[k].first = v;
  for (const auto& [k, v] : after) keys[k].second = v;
  for (const auto& [k, pair] : keys) {
    const auto& [a, b] = pair;
    if (a && b && cost::plain_money(*a) == cost::plain_money(*b)) continue;
    if (a && b) out += fmt::format("~ {}: {} -> {} ({}{})\n", k, money(*a), money(*b), *b >= *a ? "+" : "", money(*b - *a));
    else if (b) out += fmt::format("+ {}: {}\n", k, money(*b));
    else out += fmt::format("- {}: {}\n", k, money(*a));
  }
  double increase = new_total - old_total;
  double pct = old_total > 0 ? increase / old_total * 100 : (increase > 0 ? INFINITY : 0);
  out += fmt::format("total: {} -> {} ({}{}, {:+.2f}%)\n", money(old_total), money(new_total), increase >= 0 ? "+" : "",
                     money(increase), pct);
  std::cout << out;
  render_diags();
  if (diags.has_errors()) {
    std::cerr << "gpuspec: a price is missing, so the cost gate cannot pass\n";
    return kExitFindings;
  }
  if (!threshold) return kExitClean;
  double limit = threshold->value;
  if (!threshold->percent && threshold->currency != currency) {
    units::Quantity q{threshold->value, units::Dimension::money_amount(), threshold->currency};
    auto converted = new_spec.book->convert(q, currency);
    if (!converted) return tool_failure("no exchange rate to convert the --fail-above amount");
    limit = converted->value.value;
    std::cout << fmt::format("threshold converted at {}\n", converted->describe());
  }
  bool over = threshold->percent ? pct > threshold->value : increase > limit;
  std::cout << (over ? fmt::format("FAIL: the increase is above {}\n", args.value("--fail-above").value())
                     : fmt::format("ok: the increase is within {}\n", args.value("--fail-above").value()));
  return over ? kExitFindings : kExitClean;
}

}  // namespace

int run_quote(const std::vector<std::string>& raw_args) {
  ParsedArgs args;
  if (auto exit = parse_command_line("quote", raw_args, args)) return *exit;
  bool diff = args.has("--diff");
  if (!diff && args.positionals.size() != 1) {
    return tool_failure(fmt::format("unexpected argument '{}'\nrun 'gpuspec quote --help' for its options", args.positionals[1]));
  }
  if (!diff && args.value("--fail-above")) return tool_failure("--fail-above needs --diff OLD NEW");
  cost::QuoteOptions options;
  options.compare_all = args.has("--compare");
  if (auto c = args.value("--currency")) {
    if (*c == "CNY") options.currency = units::Currency::CNY;
    else if (*c == "USD") options.currency = units::Currency::USD;
    else return tool_failure(fmt::format("unknown currency '{}' (expected CNY or USD)", *c));
  }
  std::string format_name = args.value("--format").value_or("text");
  cost::Format format;
  if (format_name == "text") format = cost::Format::Text;
  else if (format_name == "md") format = cost::Format::Markdown;
  else if (format_name == "csv") format = cost::Format::Csv;
  else if (format_name == "json") format = cost::Format::Json;
  else return tool_failure(fmt::format("unknown format '{}' (expected text, json, md or csv)", format_name));

  Session session(LibraryOptions{args.value("--stdlib")});
  if (session.load_error()) return tool_failure(*session.load_error());
  if (diff) return run_diff(session, args, options);

  DiagnosticEngine diags;
  Loaded spec_files;
  if (auto e = load(session, args.positionals[0], args.values("--prices"), diags, spec_files); !e.empty()) {
    return tool_failure(e);
  }
  auto render_diags = [&] {
    diags.sort(session.sources());
    std::cerr << render_text(diags.diagnostics(), session.sources(), TextRenderOptions{});
  };
  if (diags.has_errors()) {
    render_diags();
    return kExitFindings;
  }
  auto decls = selected(*spec_files.program, args.value("--name"));
  if (decls.empty()) {
    return tool_failure(args.value("--name") ? fmt::format("no server, cloud or workload named '{}'", *args.value("--name"))
                                             : fmt::format("no server or cloud in '{}'", args.positionals[0]));
  }
  cost::Quote quote = cost::build_quote(*spec_files.program, decls, *spec_files.book, options, diags);
  std::string text = cost::render_quote(quote, format);
  if (auto out = args.value("-o")) {
    std::string err;
    if (!writers::write_files_atomically({{*out, text}}, err)) return tool_failure(err);
  } else {
    std::cout << text;
  }
  render_diags();
  return diags.has_errors() ? kExitFindings : kExitClean;
}

}  // namespace gpuspec::driver
