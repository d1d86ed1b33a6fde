// The suggestion report: the ranked options (why each ranks where it does and what the
// next one would change), the break-even of the best owned against the best rented
// option, what could not be priced, and how the search got there (configurations
// considered, pruned by which rules' bounds, pack runs, rejected by which rules).
// Text for people, JSON for scripts, HTML (report_html.cpp) for a page to share.
#pragma once

#include <string>

#include <nlohmann/json.hpp>

#include "backends/cost/report_html.h"
#include "backends/suggest/ranking.h"
#include "backends/suggest/search.h"

namespace gpuspec::suggest {

struct ReportInput {
  std::string workload;
  std::string file;            // the workload's file as given
  std::string site_region;
  std::string cloud_region;    // "" unless one provider region was asked for
  std::size_t rules_server = 0, rules_cloud = 0;  // rules the pack runs on each kind
  const SearchResult& search;
  const Ranking& ranking;
  std::size_t top = 5;
  std::optional<units::Quantity> budget;  // the budget every candidate declared
};

std::string render_text(const ReportInput& in);
nlohmann::ordered_json render_json(const ReportInput& in);
// One self-contained page: the ranking, the search, the declarations of the best owned
// and rented options, and their quote's charts and tables (backends/cost/report_html.h).
std::string render_html(const ReportInput& in, const cost::HtmlContext& context);
// The quote the HTML report draws: the best owned and the best rented option together
// (with their break-even), or the best option alone.
std::optional<cost::Quote> report_quote(const Ranking& ranking);

// "at least 12,345.00 USD (3 parts unpriced: a, b, c)" or "12,345.00 USD".
std::string total_text(const cost::Total& total, units::Currency currency);
// Every part or item the options shown could not price, each once.
std::vector<std::string> unpriced_items(const ReportInput& in);

}  // namespace gpuspec::suggest
