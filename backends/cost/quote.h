// Quotes: the on-premises total cost of ownership (capex from the BOM plus electricity
// over the workload's horizon) and the cloud cost (on-demand hourly x count x hours x
// utilization), and where a workload has both, the month their cumulative costs cross.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "backends/cost/bom.h"
#include "backends/cost/price_book.h"
#include "diag/diagnostic.h"
#include "sema/program.h"

namespace gpuspec::cost {

inline constexpr double kHoursPerMonth = 730;  // LANGUAGE.md: month = 730 h

struct OnPremQuote {
  Bom bom;
  std::string workload;                  // the served workload, or ""
  double utilization = 1;
  std::string utilization_why;
  double pue = 1;
  std::string pue_source;                // "site.pue" or the electricity entry
  const Electricity* electricity = nullptr;
  std::string electricity_conversion;
  std::optional<double> full_load_w;     // per cluster
  std::optional<double> energy_per_month;  // money per month
  std::optional<double> horizon_months;
  std::optional<double> opex_over_horizon;
  std::optional<double> tco;             // capex + opex over the horizon
  bool capex_complete() const { return bom.complete; }
};

struct CloudQuote {
  std::string name, workload, instance, region, provider;
  double count = 1;
  double utilization = 1;
  const PriceEntry* price = nullptr;
  std::string conversion;
  std::optional<double> hourly;          // one instance, in the quote currency
  std::optional<double> duration_hours;  // the cloud's duration (or the workload's horizon)
  std::optional<double> total;           // hourly x count x hours x utilization
  std::optional<double> monthly() const {
    if (!hourly) return std::nullopt;
    return *hourly * count * utilization * kHoursPerMonth;
  }
};

struct Comparison {
  std::string server, cloud, workload;
  std::optional<double> horizon_months;
  std::optional<double> onprem_over_horizon, cloud_over_horizon;
  // Month where capex + opex_m x m = cloud_m x m; nullopt when the cloud is never dearer.
  std::optional<double> breakeven_months;
  std::string cheaper;                   // "on-premises", "cloud", or "" when unknown
};

struct Quote {
  units::Currency currency = units::Currency::USD;
  std::vector<OnPremQuote> servers;
  std::vector<CloudQuote> clouds;
  std::vector<Comparison> comparisons;
};

struct QuoteOptions {
  std::optional<units::Currency> currency;
  bool compare_all = false;  // --compare: every server against every cloud
};

// Quotes `decls` (servers and clouds of `program`); missing prices are `missing-price` errors.
Quote build_quote(const sema::Program& program, const std::vector<const sema::DeclEntry*>& decls, const PriceBook& book,
                  const QuoteOptions& options, DiagnosticEngine& diags);

// The break-even month of capex + a*m against c*m; nullopt when c <= a.
std::optional<double> breakeven_months(double capex, double onprem_monthly, double cloud_monthly);

// The server and cloud declarations of the program's root file, in source order.
std::vector<const sema::DeclEntry*> root_deployments(const sema::Program& program);

}  // namespace gpuspec::cost
