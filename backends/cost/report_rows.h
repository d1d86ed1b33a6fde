// The rows every quote and BOM format shares (text, Markdown, CSV; HTML renders them
// too): a quote's figures option by option, and a BOM's lines and summary.
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "backends/cost/bom.h"
#include "backends/cost/quote.h"

namespace gpuspec::cost::report_detail {

// One figure of a quote: a label, the amount, and where it came from.
struct Figure {
  std::string section, item;
  std::optional<double> amount;  // the low end of a range
  std::optional<double> high;    // the high end, when it differs from `amount`
  std::string bound;  // "", "at least", "at most", "no price" (nothing of it is priced), or
                      // "depends on traffic" (a per-GB rate, no amount)
  std::string unit;   // "CNY", "CNY/h", "months", "h", or "" for a text-only line
  std::string source;
};

std::vector<Figure> server_figures(const OnPremQuote& s, units::Currency currency);
std::vector<Figure> cloud_figures(const CloudQuote& cl, units::Currency currency);
std::vector<Figure> comparison_figures(const Comparison& cmp, units::Currency currency);
// "at least 1,234.00 USD", "1,000.00 .. 1,200.00 USD", "11.9 months", "no price".
std::string figure_text(const Figure& f);

extern const std::vector<std::string> kBomHeader;
// One BOM line as the table's cells (Markdown and HTML; a range in one cell).
std::vector<std::string> bom_row(const BomLine& line, units::Currency c);
// The BOM's total, power and memory balance, as label and text.
std::vector<std::pair<std::string, std::string>> bom_summary(const Bom& bom);

}  // namespace gpuspec::cost::report_detail
