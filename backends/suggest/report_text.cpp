#include <fmt/format.h>

#include <map>

#include "backends/cost/total.h"
#include "backends/suggest/candidate_text.h"
#include "backends/suggest/report.h"

namespace gpuspec::suggest {

namespace {

std::string count(long n) {
  std::string digits = std::to_string(n), out;
  for (std::size_t i = 0; i < digits.size(); ++i) {
    if (i && (digits.size() - i) % 3 == 0) out += ',';
    out += digits[i];
  }
  return out;
}

void tally_lines(std::string& out, const std::string& title, const std::map<std::string, long>& by_rule) {
  if (by_rule.empty()) return;
  std::vector<std::pair<std::string, long>> sorted(by_rule.begin(), by_rule.end());
  std::stable_sort(sorted.begin(), sorted.end(), [](const auto& a, const auto& b) { return a.second > b.second; });
  out += title + "\n";
  for (const auto& [rule, n] : sorted) out += fmt::format("  {:<36} {:>8}\n", rule, count(n));
}

std::string horizon_text(const Ranking& r) {
  return r.horizon_months ? fmt::format("{:g} months", *r.horizon_months) : std::string("the horizon");
}

}  // namespace

std::string total_text(const cost::Total& total, units::Currency currency) {
  return cost::describe_total(total, currency, "item");
}

// What the shown options of the not-fully-priced section lack a price for (usage terms,
// which have no amount anyway, are not prices to give).
std::vector<std::string> unpriced_items(const ReportInput& in) {
  std::vector<std::string> out;
  for (std::size_t i = in.ranking.fully_priced; i < in.ranking.options.size() && i < in.top; ++i) {
    for (const auto& u : in.ranking.options[i].total.unpriced) {
      if (!u.ends_with(cost::kUsageSuffix) && std::find(out.begin(), out.end(), u) == out.end()) out.push_back(u);
    }
  }
  return out;
}

std::string render_text(const ReportInput& in) {
  const Tally& t = in.search.tally;
  const Ranking& r = in.ranking;
  const units::Currency c = r.currency;
  std::string out = fmt::format("suggestions for workload '{}' ({}): site region {}{}, {}, ranked by the total over {}\n",
                                in.workload, in.file, in.site_region,
                                in.cloud_region.empty() ? "" : fmt::format(", cloud region {}", in.cloud_region),
                                units::currency_code(c), horizon_text(r));
  out += fmt::format(
      "searched {} configurations: {} pruned by the rules' bounds, {} pack runs ({} rules per server, {} per cloud; {} "
      "of them without PSUs to size them), {} passed\n",
      count(t.configurations), count(t.pruned_total()), count(t.pack_runs), in.rules_server, in.rules_cloud,
      count(t.sizing_runs), count(t.passed));
  for (const auto& note : in.search.notes) out += note + "\n";
  if (r.options.empty()) {
    out += "\nno configuration passes every error and warning rule; the rules that rejected the most are listed below\n";
  }
  for (std::size_t i = 0; i < r.options.size() && i < in.top; ++i) {
    const RankedOption& o = r.options[i];
    if (i == r.fully_priced) {
      // Every option below lacks a price: never ranked among the priced ones.
      out += fmt::format("\nnot fully priced, after every fully priced option (no price for {}; give your own "
                         "prices with --prices FILE or gpuspec.json's \"prices\"):\n",
                         fmt::join(unpriced_items(in), ", "));
    }
    out += fmt::format("\n#{}{}  {}  {} over {}\n", o.shown_rank, o.tied_with.empty() ? "" : " (tie)",
                       o.onprem ? "on premises" : "cloud", total_text(o.total, c), horizon_text(r));
    out += fmt::format("    {}\n", o.summary);
    out += fmt::format("    throughput: {}\n", o.throughput.describe());
    if (o.server) {
      out += fmt::format("    capex {}; electricity {} per month\n", total_text(o.server->capex(), c),
                         total_text(o.server->electricity_monthly, c));
    } else if (o.cloud) {
      cost::Total monthly = o.cloud->instances_monthly;
      monthly.add(o.cloud->storage_and_services_monthly());
      out += fmt::format("    {} per month (instances and storage)\n", total_text(monthly, c));
    }
    out += fmt::format("    why: {}\n", o.why);
    // budget.exceeded judges capex; a lower bound under the budget cannot fail it, but
    // neither is it shown to fit.
    if (in.budget && o.server && o.server->capex().lower_bound()) {
      out += fmt::format("    budget: within {} on its priced parts only {}\n", money_text(*in.budget),
                         cost::unpriced_note(o.server->capex(), "part"));
    }
    if (!o.next_change.empty() && i + 1 < r.options.size()) {
      out += fmt::format("    #{} would change: {}\n", r.options[i + 1].shown_rank, o.next_change);
    }
    if (!o.infos.empty()) out += fmt::format("    infos: {}\n", fmt::join(o.infos, ", "));
  }
  if (r.options.size() > in.top) {
    out += fmt::format("\n{} more passing option(s) not shown (--top N)\n", r.options.size() - in.top);
  }
  if (r.pair && !r.pair->comparisons.empty()) {
    const cost::Comparison& cmp = r.pair->comparisons.front();
    std::string when = cmp.breakeven_months ? cost::breakeven_text(cmp) : cmp.breakeven_why;
    out += fmt::format("\nbest own (#{}) against best rented (#{}): break-even {}; over {} {}\n",
                       r.options[r.best_onprem].shown_rank, r.options[r.best_cloud].shown_rank, when, horizon_text(r),
                       cmp.cheaper.empty() ? "which is cheaper is unknown (the ranges overlap, or unpriced parts)"
                                           : fmt::format("{} is cheaper", cmp.cheaper));
    if (!cmp.normalisation.empty()) out += fmt::format("  normalised: {}\n", cmp.normalisation);
  }
  out += "\n";
  tally_lines(out, "pruned before the pack by the rules' bounds (configurations):", t.pruned);
  tally_lines(out, "part choices pruned by the rules' bounds:", t.parts_pruned);
  tally_lines(out, "rejected by the pack (pack runs; a build can fail several rules):", t.rejected);
  if (t.gave_up) out += fmt::format("{} configuration(s) left unjudged after the limit of builds per configuration\n", count(t.gave_up));
  return out;
}

}  // namespace gpuspec::suggest
