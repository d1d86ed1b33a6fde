#include <fmt/format.h>

#include "backends/cost/report_html.h"
#include "backends/suggest/report.h"
#include "backends/writers/html_writer.h"

namespace gpuspec::suggest {

namespace {

using writers::HtmlWriter;

void tally_table(HtmlWriter& w, const std::string& title, const std::map<std::string, long>& by_rule) {
  if (by_rule.empty()) return;
  std::vector<std::pair<std::string, long>> sorted(by_rule.begin(), by_rule.end());
  std::stable_sort(sorted.begin(), sorted.end(), [](const auto& a, const auto& b) { return a.second > b.second; });
  std::vector<std::vector<std::string>> rows;
  for (const auto& [rule, n] : sorted) rows.push_back({rule, std::to_string(n)});
  w.element("h3", title);
  w.table({"rule", "count"}, rows, {{"class", "tally"}});
}

}  // namespace

std::optional<cost::Quote> report_quote(const Ranking& r) {
  if (r.pair) return r.pair;
  if (r.options.empty()) return std::nullopt;
  cost::Quote q;
  q.currency = r.currency;
  const RankedOption& best = r.options.front();
  if (best.server) q.servers.push_back(*best.server);
  if (best.cloud) q.clouds.push_back(*best.cloud);
  return q;
}

std::string render_html(const ReportInput& in, const cost::HtmlContext& context) {
  const Ranking& r = in.ranking;
  const Tally& t = in.search.tally;
  HtmlWriter w;
  w.element("h1", context.title);
  w.element("p", fmt::format("Workload '{}' ({}), site region {}{}, figures in {}, ranked by the total over {} "
                             "months. Every option passes every error and warning rule of the policy pack.",
                             in.workload, in.file, in.site_region,
                             in.cloud_region.empty() ? "" : ", cloud region " + in.cloud_region,
                             units::currency_code(r.currency), r.horizon_months.value_or(0)));
  w.element("p", fmt::format("The search considered {} configurations: {} pruned by the rules' bounds, {} pack runs "
                             "({} rules per server, {} per cloud), {} passed.",
                             t.configurations, t.pruned_total(), t.pack_runs, in.rules_server, in.rules_cloud,
                             t.passed));
  for (const auto& note : in.search.notes) w.element("p", note);
  if (r.options.empty()) {
    w.element("p", "No configuration passes every error and warning rule; the rules that rejected the most are below.");
  } else {
    // The fully priced options, then in their own table those with an unpriced part.
    std::vector<std::vector<std::string>> priced, unpriced;
    for (std::size_t i = 0; i < r.options.size() && i < in.top; ++i) {
      const RankedOption& o = r.options[i];
      (i < r.fully_priced ? priced : unpriced)
          .push_back({std::to_string(o.shown_rank) + (o.tied_with.empty() ? "" : " (tie)"),
                      o.onprem ? "on premises" : "cloud", total_text(o.total, r.currency), o.throughput.describe(),
                      o.summary, o.why, o.next_change});
    }
    const std::vector<std::string> header = {"#",    "kind", "total over the horizon", "throughput", "configuration",
                                             "why", "what the next one changes"};
    w.element("h2", "Ranking");
    if (!priced.empty()) w.table(header, priced, {{"class", "ranking"}});
    if (!unpriced.empty()) {
      w.element("h3", "Not fully priced");
      w.element("p", fmt::format("No price for {}: these options come after every fully priced one, whatever their "
                                 "priced parts cost; give your own prices with --prices FILE or gpuspec.json's "
                                 "\"prices\" to rank them.",
                                 fmt::format("{}", fmt::join(unpriced_items(in), ", "))),
                {{"class", "lower-bound"}});
      w.table(header, unpriced, {{"class", "ranking unpriced"}});
    }
  }
  w.element("h2", "The search");
  tally_table(w, "Pruned before the pack by the rules' bounds (configurations)", t.pruned);
  tally_table(w, "Part choices pruned by the rules' bounds", t.parts_pruned);
  tally_table(w, "Rejected by the pack (pack runs)", t.rejected);
  for (int index : {r.best_onprem, r.best_cloud}) {
    if (index < 0) continue;
    const RankedOption& o = r.options[index];
    w.element("h2", fmt::format("#{}: the best {} option", o.shown_rank, o.onprem ? "owned" : "rented"));
    w.element("pre", o.passing->declaration, {{"class", "declaration"}});
  }
  if (auto quote = report_quote(r)) {
    w.element("h2", "Quote");
    w.raw(cost::quote_html_sections(*quote, context));
  }
  return writers::html_page(context.title, cost::report_style(), w.str());
}

}  // namespace gpuspec::suggest
