#include "backends/writers/html_writer.h"

#include <gtest/gtest.h>

#include "backends/writers/svg_chart.h"

namespace gpuspec::writers {
namespace {

TEST(HtmlWriter, EscapesEveryMarkupCharacter) {
  HtmlWriter html;
  html.open("p", {{"title", "a \"b\"\n::warning x"}}).text("<a href=\"x\">Tom's & Jerry</a>\n::error y").close("p");
  EXPECT_EQ(html.str(),
            "<p title=\"a &quot;b&quot;&#10;::warning x\">&lt;a href=&quot;x&quot;&gt;Tom&apos;s &amp; Jerry&lt;/a&gt;&#10;::error y</p>\n");
}

TEST(HtmlWriter, LinksOnlyToHttpAddresses) {
  EXPECT_EQ(safe_url("https://www.eia.gov/electricity/annual/"), "https://www.eia.gov/electricity/annual/");
  EXPECT_EQ(safe_url("http://example.org/a"), "http://example.org/a");
  EXPECT_EQ(safe_url("javascript:alert(1)"), "");
  EXPECT_EQ(safe_url("data:text/html,<b>x</b>"), "");
  EXPECT_EQ(safe_url("../prices.html"), "");
}

TEST(HtmlWriter, EscapesTextAndAttributesButNotRawMarkup) {
  HtmlWriter w;
  w.element("td", "<b>", {{"title", "\"q\""}}).raw("<svg></svg>");
  EXPECT_EQ(w.str(), "<td title=\"&quot;q&quot;\">&lt;b&gt;</td>\n<svg></svg>");
}

TEST(HtmlWriter, PageIsSelfContained) {
  std::string page = html_page("a <title>", "p { color: red; }\n", "<p>x</p>\n");
  EXPECT_NE(page.find("<title>a &lt;title&gt;</title>"), std::string::npos);
  EXPECT_NE(page.find("<meta charset=\"utf-8\">"), std::string::npos);
  EXPECT_EQ(page.find("<script"), std::string::npos);
  EXPECT_EQ(page.find("<link"), std::string::npos);
}

TEST(SvgChart, NiceStepsAreOneTwoOrFiveTimesAPowerOfTen) {
  EXPECT_DOUBLE_EQ(nice_step(36, 6), 10);
  EXPECT_DOUBLE_EQ(nice_step(24, 6), 5);
  EXPECT_DOUBLE_EQ(nice_step(622276.92, 5), 200000);
  EXPECT_DOUBLE_EQ(nice_step(0.9, 5), 0.2);
  EXPECT_DOUBLE_EQ(nice_step(0, 5), 1);
}

TEST(SvgChart, CompactNumbers) {
  EXPECT_EQ(compact_number(0), "0");
  EXPECT_EQ(compact_number(950), "950");
  EXPECT_EQ(compact_number(12500), "12.5k");
  EXPECT_EQ(compact_number(200000), "200k");
  EXPECT_EQ(compact_number(3200000), "3.2M");
}

TEST(SvgChart, LineChartNamesSeriesAndMarkersAndEscapesLabels) {
  LineChart chart{"cost", "Cumulative <cost>", "months", "USD", {}, {}};
  chart.series.push_back({"on premises: a&b", {{0, 100}, {12, 160}}, true, "at least"});
  chart.series.push_back({"cloud: c", {{0, 0}, {12, 240}}, false, ""});
  chart.markers.push_back({5, "break-even 5.0 months"});
  std::string svg = render_line_chart(chart);
  EXPECT_NE(svg.find("data-chart=\"cost\""), std::string::npos);
  EXPECT_NE(svg.find("<title>Cumulative &lt;cost&gt;</title>"), std::string::npos);
  EXPECT_NE(svg.find("data-series=\"on premises: a&amp;b\" data-lower-bound=\"true\""), std::string::npos);
  EXPECT_NE(svg.find("stroke-dasharray=\"8 5\""), std::string::npos);  // the lower bound is dashed
  EXPECT_NE(svg.find("class=\"marker breakeven\" data-x=\"5.00\""), std::string::npos);
  EXPECT_NE(svg.find(">months</text>"), std::string::npos);
}

TEST(SvgChart, AnUnpricedBarIsNotAZero) {
  BarChart chart{"capex", "Capex", "USD", {{"gpu", 1000.0, "1,000.00 USD"}, {"chassis", std::nullopt, "no price"}}};
  std::string svg = render_bar_chart(chart);
  EXPECT_NE(svg.find("class=\"bar unpriced\" data-label=\"chassis\" data-value=\"none\""), std::string::npos);
  EXPECT_NE(svg.find(">no price</text>"), std::string::npos);
  EXPECT_EQ(svg.find("data-value=\"0.00\""), std::string::npos);
}

}  // namespace
}  // namespace gpuspec::writers
