// The quote as one self-contained HTML page (`gpuspec quote --format html`): no scripts,
// no external fonts or style sheets. Inline SVG charts: the cumulative cost of every
// option over the horizon with each break-even month marked, each server's capex by
// component, and its power and memory balance against the pack's thresholds; then each
// option's figures, the BOM tables, and every price and rate used with its source,
// address and date. Lower bounds stay lower bounds: a dashed curve and "at least", an
// unpriced part an empty bar marked "no price". `gpuspec suggest --format html` reuses
// the sections.
#pragma once

#include <functional>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "backends/cost/balance.h"
#include "backends/cost/quote.h"

namespace gpuspec::cost {

// The `source` title and `source_url` of the declaration a price or rate came from.
struct SourceDetails {
  std::string title;
  std::string url;
};

struct HtmlContext {
  std::string title;
  std::map<const ast::Declaration*, std::vector<Balance>> balances;  // per server
  std::function<SourceDetails(const PriceSource&)> source_details;
};

// The quote's sections, for embedding in another page.
std::string quote_html_sections(const Quote& quote, const HtmlContext& context);
std::string render_quote_html(const Quote& quote, const HtmlContext& context);
// The style sheet of the reports.
std::string_view report_style();

}  // namespace gpuspec::cost
