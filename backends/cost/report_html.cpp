#include "backends/cost/report_html.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <set>

#include "backends/cost/report_helpers.h"
#include "backends/cost/report_rows.h"
#include "backends/writers/html_writer.h"
#include "backends/writers/svg_chart.h"

namespace gpuspec::cost {

namespace {

using report_detail::code;
using writers::HtmlWriter;

std::string horizon_of(const Quote& q, double& months) {
  months = 0;
  for (const auto& s : q.servers) months = std::max(months, s.horizon_months.value_or(0));
  for (const auto& c : q.clouds) months = std::max(months, c.duration_hours.value_or(0) / kHoursPerMonth);
  if (months <= 0) months = 12;
  return fmt::format("{:g} months", months);
}

// A curve from `start` growing by `monthly` each month, sampled every month.
std::vector<writers::ChartPoint> curve(double start, double monthly, double months) {
  std::vector<writers::ChartPoint> points;
  const int steps = static_cast<int>(std::ceil(months));
  for (int m = 0; m <= steps; ++m) {
    const double x = std::min<double>(m, months);
    points.push_back({x, start + monthly * x});
  }
  return points;
}

std::string bound_note(const Total& t) { return t.lower_bound() ? "at least: " + unpriced_note(t, "item") : ""; }

// A series growing from `start` by `monthly`: the low ends, and the high ends as a band
// when either is a range.
writers::ChartSeries cost_series(std::string name, const Total& start, const Total& monthly, double months,
                                 bool lower_bound, std::string note) {
  writers::ChartSeries s{std::move(name), curve(start.low, monthly.low, months), lower_bound, std::move(note), {}};
  if (start.is_range() || monthly.is_range()) s.upper = curve(start.high, monthly.high, months);
  return s;
}

std::string cumulative_chart(const Quote& q) {
  double months = 0;
  horizon_of(q, months);
  writers::LineChart chart;
  chart.id = "cumulative-cost";
  chart.title = "Cumulative cost over the horizon";
  chart.x_label = "months";
  chart.y_label = fmt::format("cumulative cost ({})", code(q.currency));
  for (const auto& s : q.servers) {
    Total monthly = s.electricity_monthly;
    Total both = s.capex();
    both.add(monthly);
    chart.series.push_back(cost_series("on premises: " + s.bom.server, s.capex(), monthly, months, both.lower_bound(),
                                       bound_note(both)));
  }
  for (const auto& c : q.clouds) {
    Total monthly = c.instances_monthly;
    monthly.add(c.storage_and_services_monthly());
    chart.series.push_back(
        cost_series("cloud: " + c.name, Total{}, monthly, months, monthly.lower_bound(), bound_note(monthly)));
  }
  // A cloud doing a server's work at another speed: its instance-hours scaled (the
  // comparison's normalisation), which is the curve the break-even crosses.
  for (const auto& cmp : q.comparisons) {
    if (cmp.scale != 1) {
      chart.series.push_back(cost_series(fmt::format("cloud: {} doing {}'s work (x {:.4g})", cmp.cloud, cmp.server,
                                                     cmp.scale),
                                         Total{}, cmp.cloud_monthly, months, cmp.cloud_monthly.lower_bound(),
                                         bound_note(cmp.cloud_monthly)));
    }
    if (cmp.breakeven_months) {
      chart.markers.push_back(
          {*cmp.breakeven_months, fmt::format("break-even {} vs {}: {}", cmp.server, cmp.cloud, breakeven_text(cmp))});
    }
  }
  return writers::render_line_chart(chart);
}

std::string capex_chart(const OnPremQuote& s, units::Currency currency) {
  // The BOM's lines summed by role, in the order the BOM lists them.
  std::vector<writers::ChartBar> bars;
  for (const auto& line : s.bom.lines) {
    if (line.fully_included()) continue;  // in the system's bar
    auto it = std::find_if(bars.begin(), bars.end(), [&](const writers::ChartBar& b) { return b.label == line.role; });
    if (it == bars.end()) {
      bars.push_back({line.role, 0.0, "", 0.0});
      it = bars.end() - 1;
    }
    if (!line.line_total) {
      it->value.reset();  // one unpriced part leaves the role without a total
      it->high.reset();
    } else if (it->value) {
      *it->value += line.line_total->low;
      *it->high += line.line_total->high;
    }
  }
  for (auto& b : bars) {
    b.value_text = b.value ? format_money_range({*b.value, *b.high}, currency) : "no price";
    if (b.high && b.value && *b.high == *b.value) b.high.reset();
  }
  return writers::render_bar_chart({"capex-" + s.bom.server, "Capex by component: " + s.bom.server,
                                    "capex (" + code(currency) + ")", bars});
}

std::string balance_chart(const OnPremQuote& s, const std::vector<Balance>& balances) {
  writers::BalanceChart chart{"balance-" + s.bom.server, "Power and memory balance: " + s.bom.server, {}};
  for (const auto& b : balances) {
    chart.rows.push_back({b.label, b.rule, b.threshold, b.have, b.need, b.have_text, b.need_text});
  }
  return writers::render_balance_chart(chart);
}

void figures_table(HtmlWriter& w, const std::vector<report_detail::Figure>& figures) {
  std::vector<std::vector<std::string>> rows;
  for (const auto& f : figures) rows.push_back({f.item, report_detail::figure_text(f), f.source});
  w.table({"item", "amount", "how"}, rows, {{"class", "figures"}});
}

void sources_table(HtmlWriter& w, const Quote& q, const HtmlContext& context) {
  std::vector<PriceSource> sources;
  std::set<std::string> seen;
  auto add = [&](const std::vector<PriceSource>& list) {
    for (const auto& s : list) {
      if (seen.insert(s.entry + "|" + s.as_of).second) sources.push_back(s);
    }
  };
  for (const auto& s : q.servers) add(s.sources);
  for (const auto& c : q.clouds) add(c.sources);
  std::sort(sources.begin(), sources.end(), [](const PriceSource& a, const PriceSource& b) { return a.entry < b.entry; });
  w.element("h2", "Every price and rate used");
  w.open("table", {{"class", "sources"}});
  w.open("thead").open("tr");
  for (const char* h : {"entry", "as of", "source", "address", "from", "verified"}) w.element("th", h);
  w.close("tr").close("thead").open("tbody");
  for (const auto& s : sources) {
    SourceDetails details = context.source_details ? context.source_details(s) : SourceDetails{};
    w.open("tr");
    w.element("td", s.entry.empty() ? "--rate" : s.entry);
    w.element("td", s.as_of.empty() ? "(given on the command line)" : s.as_of);
    w.element("td", details.title);
    w.open("td");
    if (std::string url = writers::safe_url(details.url); !url.empty()) {
      w.open("a", {{"href", url}}).text(url).close("a");
    } else {
      w.text(details.url);
    }
    w.close("td");
    w.element("td", s.user ? "your price book or spec" : "stdlib");
    w.element("td", s.verified ? "yes" : "no");
    w.close("tr");
  }
  w.close("tbody").close("table");
}

}  // namespace

std::string_view report_style() {
  return R"(body { font-family: system-ui, -apple-system, "Segoe UI", sans-serif; margin: 2em auto; max-width: 64em; color: #222; }
h1, h2, h3 { font-weight: 600; }
table { border-collapse: collapse; margin: 0.5em 0 1.5em; font-size: 0.9em; }
table.bom, table.sources { display: block; overflow-x: auto; }
pre.declaration { background: #f6f6f6; padding: 0.75em; overflow-x: auto; }
th, td { border: 1px solid #ccc; padding: 0.25em 0.5em; text-align: left; vertical-align: top; }
th { background: #f3f3f3; }
figure.chart { margin: 1em 0; }
svg text { font-family: system-ui, sans-serif; font-size: 12px; fill: #222; }
svg .chart-title { font-size: 15px; font-weight: 600; }
.lower-bound { color: #a33; }
)";
}

std::string quote_html_sections(const Quote& q, const HtmlContext& context) {
  HtmlWriter w;
  double months = 0;
  const std::string horizon = horizon_of(q, months);
  w.element("p", fmt::format("All figures in {}{}; the horizon is {}. A shaded band spans the low and "
                             "high ends of a price range; a dashed curve or \"at least\" is a lower bound: its "
                             "unpriced parts are named, never counted as zero.",
                             code(q.currency), q.date.empty() ? "" : ", quote date " + q.date, horizon));
  w.raw(cumulative_chart(q));
  for (const auto& cmp : q.comparisons) {
    w.element("h2", fmt::format("{} against {}", cmp.server, cmp.cloud));
    figures_table(w, report_detail::comparison_figures(cmp, q.currency));
  }
  for (const auto& s : q.servers) {
    w.element("h2", "On premises: " + s.bom.server);
    figures_table(w, report_detail::server_figures(s, q.currency));
    w.raw(capex_chart(s, q.currency));
    if (auto it = context.balances.find(s.decl); it != context.balances.end() && !it->second.empty()) {
      w.raw(balance_chart(s, it->second));
    }
    w.element("h3", "Bill of materials");
    std::vector<std::vector<std::string>> rows;
    for (const auto& line : s.bom.lines) rows.push_back(report_detail::bom_row(line, s.bom.currency));
    w.table(report_detail::kBomHeader, rows, {{"class", "bom"}});
    w.open("ul", {{"class", "bom-summary"}});
    for (const auto& [label, value] : report_detail::bom_summary(s.bom)) w.element("li", label + ": " + value);
    w.close("ul");
  }
  for (const auto& c : q.clouds) {
    w.element("h2", "Cloud: " + c.name);
    figures_table(w, report_detail::cloud_figures(c, q.currency));
  }
  sources_table(w, q, context);
  return w.str();
}

std::string render_quote_html(const Quote& q, const HtmlContext& context) {
  HtmlWriter w;
  w.element("h1", context.title);
  w.raw(quote_html_sections(q, context));
  return writers::html_page(context.title, report_style(), w.str());
}

}  // namespace gpuspec::cost
