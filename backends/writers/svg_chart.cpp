#include "backends/writers/svg_chart.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cmath>

#include "backends/writers/html_writer.h"
#include "source/markup_escape.h"

namespace gpuspec::writers {

namespace {

constexpr std::array kPalette{"#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b", "#e377c2", "#17becf"};
constexpr double kWidth = 760, kHeight = 380;
constexpr double kLeft = 80, kRight = 20, kTop = 40, kBottom = 60;

std::string num(double v) { return fmt::format("{:.2f}", v); }

std::string svg_open(const std::string& title, double width, double height) {
  return fmt::format(
      "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {0} {1}\" width=\"{0}\" height=\"{1}\" role=\"img\" "
      "aria-label=\"{2}\"><title>{2}</title>\n",
      num(width), num(height), markup_escape(title));
}

std::string text(double x, double y, const std::string& content, const std::string& cls,
                 const std::string& anchor = "start", const std::string& extra = "") {
  return fmt::format("<text class=\"{}\" x=\"{}\" y=\"{}\" text-anchor=\"{}\"{}>{}</text>\n", cls, num(x), num(y),
                     anchor, extra, markup_escape(content));
}

std::string figure(const std::string& cls, const std::string& id, const std::string& svg) {
  return fmt::format("<figure class=\"chart {}\" data-chart=\"{}\">\n{}</figure>\n", cls, markup_escape(id), svg);
}

}  // namespace

double nice_step(double max, int ticks) {
  if (!(max > 0) || ticks < 1) return 1;
  const double raw = max / ticks;
  const double magnitude = std::pow(10, std::floor(std::log10(raw)));
  const double residual = raw / magnitude;
  const double nice = residual <= 1 ? 1 : residual <= 2 ? 2 : residual <= 5 ? 5 : 10;
  return nice * magnitude;
}

std::string compact_number(double v) {
  const double a = std::abs(v);
  auto trimmed = [](double x, const char* suffix) {
    std::string s = fmt::format("{:.1f}", x);
    if (s.ends_with(".0")) s.resize(s.size() - 2);
    return s + suffix;
  };
  if (a >= 1e9) return trimmed(v / 1e9, "G");
  if (a >= 1e6) return trimmed(v / 1e6, "M");
  if (a >= 1e3) return trimmed(v / 1e3, "k");
  return trimmed(v, "");
}

std::string render_line_chart(const LineChart& chart) {
  double max_x = 1, max_y = 1;
  for (const auto& s : chart.series) {
    for (const auto* points : {&s.points, &s.upper}) {
      for (const auto& p : *points) {
        max_x = std::max(max_x, p.x);
        max_y = std::max(max_y, p.y);
      }
    }
  }
  for (const auto& m : chart.markers) max_x = std::max(max_x, m.x);
  const double x_step = nice_step(max_x, 6), y_step = nice_step(max_y, 5);
  max_x = std::ceil(max_x / x_step) * x_step;
  max_y = std::ceil(max_y / y_step) * y_step;
  const double plot_w = kWidth - kLeft - kRight, plot_h = kHeight - kTop - kBottom;
  auto sx = [&](double x) { return kLeft + x / max_x * plot_w; };
  auto sy = [&](double y) { return kTop + plot_h - y / max_y * plot_h; };

  std::string svg = svg_open(chart.title, kWidth, kHeight + 24.0 * chart.series.size());
  svg += text(kWidth / 2, 22, chart.title, "chart-title", "middle");
  // Axes, ticks and their labels.
  svg += "<g class=\"axis x-axis\">\n";
  svg += fmt::format("<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke=\"#333\"/>\n", num(kLeft), num(sy(0)),
                     num(kLeft + plot_w), num(sy(0)));
  for (double x = 0; x <= max_x + x_step / 2; x += x_step) {
    svg += fmt::format("<line class=\"tick\" x1=\"{0}\" y1=\"{1}\" x2=\"{0}\" y2=\"{2}\" stroke=\"#333\"/>\n",
                       num(sx(x)), num(sy(0)), num(sy(0) + 5));
    svg += text(sx(x), sy(0) + 18, compact_number(x), "tick-label", "middle");
  }
  svg += text(kLeft + plot_w / 2, sy(0) + 40, chart.x_label, "axis-label", "middle");
  svg += "</g>\n<g class=\"axis y-axis\">\n";
  svg += fmt::format("<line x1=\"{0}\" y1=\"{1}\" x2=\"{0}\" y2=\"{2}\" stroke=\"#333\"/>\n", num(kLeft), num(kTop),
                     num(sy(0)));
  for (double y = 0; y <= max_y + y_step / 2; y += y_step) {
    svg += fmt::format("<line class=\"grid\" x1=\"{0}\" y1=\"{1}\" x2=\"{2}\" y2=\"{1}\" stroke=\"#ddd\"/>\n",
                       num(kLeft), num(sy(y)), num(kLeft + plot_w));
    svg += text(kLeft - 8, sy(y) + 4, compact_number(y), "tick-label", "end");
  }
  svg += text(18, kTop + plot_h / 2, chart.y_label, "axis-label", "middle",
              fmt::format(" transform=\"rotate(-90 18 {})\"", num(kTop + plot_h / 2)));
  svg += "</g>\n";
  // The series, then the markers on top of them.
  for (std::size_t i = 0; i < chart.series.size(); ++i) {
    const ChartSeries& s = chart.series[i];
    std::string d;
    for (const auto& p : s.points) d += fmt::format("{}{} {} ", d.empty() ? "M" : "L", num(sx(p.x)), num(sy(p.y)));
    if (!d.empty()) d.pop_back();
    // A range: the band from the low curve out along the high one and back, filled pale,
    // and the high curve drawn thin; the low curve on top is the figure "at least" reads.
    std::string band;
    if (!s.upper.empty()) {
      std::string outline = d;
      for (auto p = s.upper.rbegin(); p != s.upper.rend(); ++p) outline += fmt::format(" L{} {}", num(sx(p->x)), num(sy(p->y)));
      std::string top;
      for (const auto& p : s.upper) top += fmt::format("{}{} {} ", top.empty() ? "M" : "L", num(sx(p.x)), num(sy(p.y)));
      if (!top.empty()) top.pop_back();
      band = fmt::format(
          "<path class=\"band\" d=\"{0} Z\" fill=\"{1}\" fill-opacity=\"0.15\" stroke=\"none\"/>"
          "<path class=\"band-high\" d=\"{2}\" fill=\"none\" stroke=\"{1}\" stroke-width=\"1\"/>",
          outline, kPalette[i % kPalette.size()], top);
    }
    svg += fmt::format(
        "<g class=\"series\" data-series=\"{}\" data-lower-bound=\"{}\" data-range=\"{}\">{}<path d=\"{}\" "
        "fill=\"none\" stroke=\"{}\" stroke-width=\"3\"{}/></g>\n",
        markup_escape(s.name), s.dashed ? "true" : "false", s.upper.empty() ? "false" : "true", band, d,
        kPalette[i % kPalette.size()], s.dashed ? " stroke-dasharray=\"8 5\"" : "");
  }
  for (const auto& m : chart.markers) {
    svg += fmt::format("<g class=\"marker breakeven\" data-x=\"{}\">\n", num(m.x));
    svg += fmt::format(
        "<line x1=\"{0}\" y1=\"{1}\" x2=\"{0}\" y2=\"{2}\" stroke=\"#000\" stroke-width=\"2\" stroke-dasharray=\"3 3\"/>\n",
        num(sx(m.x)), num(kTop), num(sy(0)));
    svg += text(sx(m.x) + 4, kTop + 12, m.label, "marker-label");
    svg += "</g>\n";
  }
  // The legend under the plot, one line per series.
  svg += "<g class=\"legend\">\n";
  for (std::size_t i = 0; i < chart.series.size(); ++i) {
    const ChartSeries& s = chart.series[i];
    const double y = kHeight + 24.0 * i;
    svg += fmt::format("<rect x=\"{}\" y=\"{}\" width=\"18\" height=\"4\" fill=\"{}\"/>\n", num(kLeft), num(y - 6),
                       kPalette[i % kPalette.size()]);
    svg += text(kLeft + 26, y, s.note.empty() ? s.name : s.name + " (" + s.note + ")", "legend-label");
  }
  svg += "</g>\n</svg>\n";
  return figure("line-chart", chart.id, svg);
}

std::string render_bar_chart(const BarChart& chart) {
  constexpr double kRow = 28, kLabel = 170, kValue = 190;
  const double height = kTop + kRow * chart.bars.size() + 30;
  double max = 0;
  for (const auto& b : chart.bars) max = std::max({max, b.value.value_or(0), b.high.value_or(0)});
  const double plot_w = kWidth - kLabel - kValue;
  std::string svg = svg_open(chart.title, kWidth, height);
  svg += text(kWidth / 2, 22, chart.title, "chart-title", "middle");
  for (std::size_t i = 0; i < chart.bars.size(); ++i) {
    const ChartBar& b = chart.bars[i];
    const double y = kTop + kRow * i;
    svg += fmt::format("<g class=\"bar{}\" data-label=\"{}\" data-value=\"{}\">\n", b.value ? "" : " unpriced",
                       markup_escape(b.label), b.value ? num(*b.value) : "none");
    svg += text(kLabel - 8, y + 15, b.label, "bar-label", "end");
    if (b.value && max > 0) {
      svg += fmt::format("<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"18\" fill=\"{}\"/>\n", num(kLabel), num(y),
                         num(*b.value / max * plot_w), kPalette[0]);
      if (b.high && *b.high > *b.value) {
        svg += fmt::format(
            "<rect class=\"bar-high\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"18\" fill=\"{}\" fill-opacity=\"0.3\"/>\n",
            num(kLabel + *b.value / max * plot_w), num(y), num((*b.high - *b.value) / max * plot_w), kPalette[0]);
      }
    } else {
      // No price is not a zero: an outlined, empty bar.
      svg += fmt::format(
          "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"18\" fill=\"none\" stroke=\"#999\" stroke-dasharray=\"4 3\"/>\n",
          num(kLabel), num(y), num(plot_w / 6));
    }
    const double end = kLabel + (b.value && max > 0 ? b.high.value_or(*b.value) / max * plot_w : plot_w / 6);
    svg += text(end + 6, y + 15, b.value_text, "bar-value");
    svg += "</g>\n";
  }
  svg += text(kLabel, height - 8, chart.unit, "axis-label");
  svg += "</svg>\n";
  return figure("bar-chart", chart.id, svg);
}

std::string render_balance_chart(const BalanceChart& chart) {
  constexpr double kRow = 54, kLabel = 20;
  const double height = kTop + kRow * chart.rows.size() + 10;
  const double plot_w = kWidth - 2 * kLabel - 20;
  std::string svg = svg_open(chart.title, kWidth, height);
  svg += text(kWidth / 2, 22, chart.title, "chart-title", "middle");
  for (std::size_t i = 0; i < chart.rows.size(); ++i) {
    const BalanceRow& r = chart.rows[i];
    const double y = kTop + kRow * i;
    const double scale = std::max(r.have, r.need) * 1.1;
    const bool holds = r.have >= r.need;
    auto at = [&](double v) { return kLabel + (scale > 0 ? v / scale * plot_w : 0); };
    svg += fmt::format("<g class=\"balance\" data-rule=\"{}\" data-have=\"{}\" data-need=\"{}\" data-holds=\"{}\">\n",
                       markup_escape(r.rule), num(r.have), num(r.need), holds ? "true" : "false");
    svg += text(kLabel, y + 10, fmt::format("{}: {} against {} ({}, {})", r.label, r.have_text, r.need_text, r.threshold,
                                            r.rule),
                "balance-label");
    svg += fmt::format("<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"16\" fill=\"{}\"/>\n", num(kLabel), num(y + 18),
                       num(at(r.have) - kLabel), holds ? kPalette[2] : kPalette[1]);
    svg += fmt::format(
        "<line class=\"threshold\" x1=\"{0}\" y1=\"{1}\" x2=\"{0}\" y2=\"{2}\" stroke=\"#000\" stroke-width=\"2\"/>\n",
        num(at(r.need)), num(y + 14), num(y + 38));
    svg += "</g>\n";
  }
  svg += "</svg>\n";
  return figure("balance-chart", chart.id, svg);
}

}  // namespace gpuspec::writers
