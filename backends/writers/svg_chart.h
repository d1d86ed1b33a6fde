// Inline SVG charts for the HTML reports: a line chart (cumulative cost over months, with
// vertical markers such as the break-even month, and the band between the low and high
// end of a price range), a horizontal bar chart (capex by
// component, with parts that have no price shown as such, never as zero) and a balance
// chart (what a build has against what a rule asks, per rule). Self-contained markup,
// no scripts; every label is escaped by html_writer.h. Elements carry classes and data-
// attributes (series name, marker position, rule id) so a test can find them in the DOM.
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace gpuspec::writers {

struct ChartPoint {
  double x = 0, y = 0;
};

struct ChartSeries {
  std::string name;
  std::vector<ChartPoint> points;
  bool dashed = false;  // a lower bound: drawn dashed, and the legend says so
  std::string note;     // shown in the legend after the name
  // The high end of a range at the same x values: the band between `points` and these is
  // filled (class "band"); empty for a series of points.
  std::vector<ChartPoint> upper;
};

struct ChartMarker {
  double x = 0;
  std::string label;
};

struct LineChart {
  std::string id;  // data-chart
  std::string title;
  std::string x_label, y_label;
  std::vector<ChartSeries> series;
  std::vector<ChartMarker> markers;  // drawn as the class "marker breakeven"
};

struct ChartBar {
  std::string label;
  std::optional<double> value;  // nullopt: no price; the low end of a range
  std::string value_text;       // "12,345.00 USD", "12,000.00 .. 15,000.00 USD" or "no price"
  std::optional<double> high;   // the high end of a range: drawn as a pale extension (class "bar-high")
};

struct BarChart {
  std::string id;
  std::string title;
  std::string unit;
  std::vector<ChartBar> bars;
};

struct BalanceRow {
  std::string label;      // "PSU capacity that carries the load"
  std::string rule;       // the rule whose threshold this is
  std::string threshold;  // the rule's side, as written: "1.5 * power.full_load"
  double have = 0, need = 0;
  std::string have_text, need_text;
};

struct BalanceChart {
  std::string id;
  std::string title;
  std::vector<BalanceRow> rows;
};

std::string render_line_chart(const LineChart& chart);
std::string render_bar_chart(const BarChart& chart);
std::string render_balance_chart(const BalanceChart& chart);

// A tick step of 1, 2 or 5 x 10^n giving about `ticks` ticks over [0, max].
double nice_step(double max, int ticks);
// "950", "12.5k", "3.2M": a compact axis label.
std::string compact_number(double v);

}  // namespace gpuspec::writers
