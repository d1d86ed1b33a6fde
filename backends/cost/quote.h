// Quotes: the on-premises total cost of ownership (capex from the BOM plus electricity
// over the workload's horizon) and the cloud cost (instances plus the block storage the
// spec declares), and where a server and a cloud option serve the same workload, the
// month their cumulative costs cross. A figure with an unpriced term is a lower bound
// (backends/cost/total.h), and the comparisons say what follows from bounds.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "backends/cost/bom.h"
#include "backends/cost/price_book.h"
#include "backends/cost/roofline.h"
#include "backends/cost/total.h"
#include "diag/diagnostic.h"
#include "facts/fact.h"
#include "sema/program.h"

namespace gpuspec::cost {

inline constexpr double kHoursPerMonth = 730;  // docs/language.md: month = 730 h

// What the options are: dense FP16/BF16 tensor throughput (the catalog's `fp16_tflops`,
// no sparsity) times the GPUs of every node or instance, and what those GPUs attain on
// the served workload's step (the roofline, roofline.h), which the cloud's hours are
// normalised by.
struct Capability {
  std::string gpu;                       // catalog name, "" when unknown
  double gpus = 0;                       // over every node / instance
  std::optional<double> tflops_per_gpu;  // dense FP16/BF16 TFLOPS
  Throughput throughput;                 // attainable on the workload's step, FLOP/s
  std::optional<double> total() const {
    return tflops_per_gpu && gpus > 0 ? std::optional(*tflops_per_gpu * gpus) : std::nullopt;
  }
  // "8 x nvidia.h100_80gb_sxm (7,912 dense BF16 TFLOPS)"
  std::string describe() const;
};

struct OnPremQuote {
  const ast::Declaration* decl = nullptr;
  Bom bom;
  std::string workload;                  // the served workload, or ""
  std::string workload_id;               // the workload's file and name: one workload across files
  double utilization = 1;
  std::string utilization_why;
  double pue = 1;
  std::string pue_source;                // "site.pue" or the electricity entry
  const Electricity* electricity = nullptr;
  std::string electricity_dated_after;   // the quote date when the electricity entry is dated after it
  std::string electricity_conversion;
  double energy_price = 0;               // the electricity price in the quote's currency, per W*s
  std::optional<double> full_load_w;     // per cluster
  std::optional<double> energy_per_month;  // money per month; nullopt when unpriced or no full load
  std::optional<double> horizon_months;
  Total electricity_monthly;             // energy_per_month, or a lower bound of 0 naming what is missing
  std::optional<Total> opex_over_horizon;  // electricity over the horizon
  std::optional<Total> tco;              // capex + electricity over the horizon
  Capability capability;
  std::vector<PriceSource> sources;      // every price and rate used
  const Total& capex() const { return bom.total; }
};

// One block-storage volume per instance, as the Terraform backend creates it.
struct CloudVolume {
  std::string role;                      // "system" or "data"
  std::string volume;                    // catalog name: aws.ebs_gp3, azure.premium_ssd_lrs, ...
  double gib = 0;                        // size of one volume (GiB, rounded up as Terraform does)
  bool size_defaulted = false;           // no size declared: the backend's default system disk
  const PriceEntry* price = nullptr;
  std::string how;                       // "0.08 USD/month per 1 GB x 200 GiB", or the tier
  std::string conversion;
  std::optional<PriceSource> rate;       // the exchange rate the conversion used
  std::optional<MoneyRange> monthly;     // one volume per month, in the quote currency
  std::string dated_after;               // the quote date when `price` is dated after it (BomLine::dated_after)
};

// A resource the Terraform module creates besides the nodes and their disks
// (backends/cost/module_prices.h): a NAT gateway, a public address, the bastion host
// and its disk, provisioned disk performance, traffic.
struct ServiceLine {
  std::string role;      // "NAT gateway", "bastion host"
  std::string item;      // catalog name: aws.nat_gateway
  int count = 1;
  bool traffic = false;  // billed per GB through it: a rate and no amount (no spec says how much)
  double gib = 0;        // a disk (the bastion host's): its size
  const PriceEntry* price = nullptr;
  std::string how;       // "0.045 USD/h", "0.045 USD per 1 GB of traffic"
  std::string conversion;
  std::optional<PriceSource> rate;
  std::optional<MoneyRange> monthly;  // all `count` of them, per month
  std::string dated_after;            // the quote date when `price` is dated after it (BomLine::dated_after)
};

struct CloudQuote {
  const ast::Declaration* decl = nullptr;
  std::string name, workload, workload_id, instance, region, provider;
  std::string pricing = "on_demand";     // the cloud's `pricing`: on_demand, reserved_1y, reserved_3y
  double count = 1;
  double utilization = 1;
  const PriceEntry* price = nullptr;
  std::string dated_after;               // the quote date when `price` is dated after it (BomLine::dated_after)
  std::string conversion;
  std::optional<MoneyRange> hourly;      // one instance, in the quote currency
  std::optional<double> duration_hours;  // the cloud's duration (or the workload's horizon)
  std::vector<CloudVolume> volumes;
  std::vector<ServiceLine> services;     // the module's other resources
  Total instances_monthly;               // hourly x count x 730 h x billed share
  Total storage_monthly;                 // every volume x count
  Total services_monthly;                // every service line; traffic makes it a lower bound
  std::optional<Total> instances_total, storage_total, services_total, total;  // over duration_hours
  Capability capability;
  std::vector<PriceSource> sources;
  // The Terraform module runs the nodes every hour until `terraform destroy` (it has no
  // stop schedule), so every hour of the duration is billed whatever the pricing;
  // `utilization` is the share of them doing the work (the on-premises comparison).
  double billed_share() const { return 1; }
  // What the module bills per month besides the instances: disks and services.
  Total storage_and_services_monthly() const {
    Total t = storage_monthly;
    t.add(services_monthly);
    return t;
  }
};

// What a bound on both sides says about the break-even month.
enum class BoundKind { Exact, AtLeast, AtMost };

struct Comparison {
  std::string server, cloud, workload;
  std::optional<double> horizon_months;
  // Cloud instance-hours that do one hour of the server's work: server capability /
  // cloud capability; 1 when either is unknown (then `normalisation` says so).
  double scale = 1;
  std::string normalisation;
  std::string mismatch;                  // "" or how the GPUs differ
  Total onprem_monthly, cloud_monthly;   // cloud: scaled instances + storage
  std::optional<Total> onprem_over_horizon, cloud_over_horizon;
  // The month the costs cross, over every value the ranges allow: breakeven_months is
  // the earliest (Exact, AtLeast) or, when only that is known, the latest (AtMost);
  // breakeven_high the latest when both are known (equal for points). nullopt: never,
  // or unknown (see breakeven_why).
  std::optional<double> breakeven_months;
  std::optional<double> breakeven_high;
  BoundKind breakeven_bound = BoundKind::Exact;
  std::string breakeven_why;
  std::string cheaper;                   // "on-premises", "cloud", or "" when unknown
};

struct Quote {
  units::Currency currency = units::Currency::USD;
  std::string date;                      // the quote date (rates in effect then), "" when not set
  std::vector<OnPremQuote> servers;
  std::vector<CloudQuote> clouds;
  std::vector<Comparison> comparisons;
};

struct QuoteOptions {
  std::optional<units::Currency> currency;
  bool compare_all = false;  // --compare: every server against every cloud
};

// A server or cloud declaration and the program it was loaded in (a project-wide
// quote spans several programs).
struct Deployment {
  const sema::Program* program = nullptr;
  const sema::DeclEntry* entry = nullptr;
};

// One cloud option quoted in `currency` from its resolved `facts`: what build_quote
// does for each cloud, for a caller that quotes one option at a time (the cost facts).
CloudQuote quote_cloud(const sema::Program& program, const sema::DeclEntry& cloud, const facts::FactSet& facts,
                       const PriceBook& book, units::Currency currency, DiagnosticEngine& diags);
// One server; `utilization` is the cloud option's it is compared with (nullopt: its uptime's).
OnPremQuote quote_server(const sema::Program& program, const sema::DeclEntry& server, const facts::FactSet& facts,
                         const PriceBook& book, std::optional<units::Currency> currency,
                         std::optional<double> utilization, DiagnosticEngine& diags);

// Quotes the deployments; missing prices are `missing-price` errors.
Quote build_quote(const std::vector<Deployment>& deployments, const PriceBook& book, const QuoteOptions& options,
                  DiagnosticEngine& diags);

// "on-demand", "1-year reserved", "3-year reserved" for a `pricing` kind.
std::string pricing_words(const std::string& kind);

// "11.9 months", "10.2 .. 14.8 months", "at least 11.9 months", "at most 3.0 months".
std::string breakeven_text(const Comparison& comparison);

// The server and cloud declarations of the program's own files (the root and what it
// imports), in file then source order.
std::vector<const sema::DeclEntry*> program_deployments(const sema::Program& program);

}  // namespace gpuspec::cost
