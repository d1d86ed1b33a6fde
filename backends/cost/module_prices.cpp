#include "backends/cost/module_prices.h"

#include <fmt/format.h>

#include "backends/cost/cloud_storage.h"
#include "backends/terraform/cloud_spec.h"

namespace gpuspec::cost {

namespace {

constexpr double kSecondsPerMonth = kHoursPerMonth * 3600;

using terraform::Billing;
using terraform::ModuleResource;

CloudVolume volume_of(const ModuleResource& r, std::string role) {
  CloudVolume v;
  v.role = std::move(role);
  v.volume = r.catalog;
  v.gib = r.gib;
  v.size_defaulted = r.size_defaulted;
  return v;
}

bool is_node_disk(const ModuleResource& r) { return r.role == terraform::kSystemDisk || r.role == terraform::kDataDisk; }

// The price of an hourly or provisioned service (money per time, no `per`) or of
// traffic (money `per` an amount of data).
bool usable(const PriceEntry& p, bool traffic) {
  if (traffic) return p.amount.dimension == units::Dimension::money_amount() && p.per &&
                      p.per->dimension == units::Dimension::data();
  return p.amount.dimension == units::Dimension::money_rate() && !p.per;
}

// "0.045 USD/h", or for a range "0.04 .. 0.05 USD/h".
std::string rate_text(const PriceEntry& p, Billing billing) {
  const std::string currency(units::currency_code(p.amount.currency));
  auto figure = [&](double scale) {
    const double low = p.amount.value * scale;
    const double high = p.high.value * scale;
    return low == high ? fmt::format("{:.4g}", low) : fmt::format("{:.4g} .. {:.4g}", low, high);
  };
  switch (billing) {
    case Billing::Hourly:
      return fmt::format("{} {}/h", figure(3600), currency);
    case Billing::Provisioned:
      return fmt::format("{} {}/month per unit", figure(kSecondsPerMonth), currency);
    case Billing::Traffic:
      return fmt::format("{} {} per {} of traffic", figure(1), currency, units::format(*p.per));
    case Billing::Capacity:
      break;
  }
  return "";
}

ServiceLine price_service(const ModuleResource& r, const PriceBook& book, const std::string& region,
                          units::Currency currency, MissingPrices& missing, SourceRange at) {
  ServiceLine line;
  line.role = r.role;
  line.item = r.catalog;
  line.count = r.count;
  line.traffic = r.billing == Billing::Traffic;
  // Rented like volumes: a list, on-demand or quoted price for the region.
  const PriceEntry* price = book.find(PriceQuery{r.catalog, region, true, currency, PriceUse::Volume});
  if (!price || !usable(*price, line.traffic)) {
    // Traffic has no amount to price either way: only a missing rate for it is not an error.
    if (!line.traffic) {
      missing.report(r.catalog, at, r.role,
                     price ? fmt::format("the price of '{}' ({}) is not money per {}", r.catalog, price->source.entry,
                                         r.billing == Billing::Hourly ? "hour" : "month")
                           : fmt::format("no price for '{}' ({} of the Terraform module) in region \"{}\"", r.catalog,
                                         r.role, region),
                     fmt::format("add a `price` entry for {} (kind on_demand, `amount` per {}, `region = \"{}\"`, "
                                 "`source` and `as_of`) to a price-book file and pass it with --prices FILE",
                                 r.catalog, r.billing == Billing::Hourly ? "hour" : "month", region));
    }
    line.how = line.traffic ? "traffic: no rate in the price book" : "no price";
    return line;
  }
  auto converted = book.convert_unit(price->amount.currency, currency);
  if (!converted) {
    if (!line.traffic) {
      missing.report(r.catalog, at, r.role,
                     fmt::format("no exchange rate from {} to {} for the price of '{}' ({})",
                                 units::currency_code(price->amount.currency), units::currency_code(currency), r.catalog,
                                 price->source.entry),
                     kMissingRateHint);
    }
    line.how = "no exchange rate";
    return line;
  }
  line.price = price;
  line.dated_after = book.dated_after(price);
  line.conversion = converted->describe();
  if (converted->rate) line.rate = converted->rate->source;
  line.how = rate_text(*price, r.billing);
  // Both ends of a range convert at the one rate; money per second to per month.
  const MoneyRange per_month = MoneyRange{price->amount.value, price->high.value} * (converted->value.value * kSecondsPerMonth);
  if (r.billing == Billing::Hourly) {
    line.monthly = per_month * r.count;
  } else if (r.billing == Billing::Provisioned) {
    line.how += fmt::format(" x {:g}", r.units);
    line.monthly = per_month * (r.units * r.count);
  }
  return line;
}

}  // namespace

std::optional<std::vector<ModuleResource>> cloud_module_resources(const sema::Program& program,
                                                                  const sema::DeclEntry& cloud, std::string& why) {
  DiagnosticEngine scratch;  // the backend's own diagnostics belong to `gpuspec terraform`
  auto spec = terraform::read_cloud_spec(program, cloud, scratch);
  if (spec) return terraform::module_resources(*spec);
  why = scratch.diagnostics().empty() ? "the Terraform module cannot be built"
                                      : "the Terraform module cannot be built: " + scratch.diagnostics().front().message;
  return std::nullopt;
}

std::vector<CloudVolume> module_volumes(const std::vector<ModuleResource>& resources) {
  std::vector<CloudVolume> out;
  for (const auto& r : resources) {
    if (r.role == terraform::kSystemDisk) out.push_back(volume_of(r, "system"));
    if (r.role == terraform::kDataDisk) out.push_back(volume_of(r, "data"));
  }
  return out;
}

std::vector<ServiceLine> price_services(const std::vector<ModuleResource>& resources, const PriceBook& book,
                                        const std::string& region, units::Currency currency, MissingPrices& missing,
                                        SourceRange at) {
  std::vector<ServiceLine> out;
  for (const auto& r : resources) {
    if (r.role == terraform::kNodes || is_node_disk(r)) continue;
    if (r.billing != Billing::Capacity) {
      out.push_back(price_service(r, book, region, currency, missing, at));
      continue;
    }
    CloudVolume v = volume_of(r, r.role == terraform::kBastionDisk ? "bastion system" : r.role);
    price_volume(v, book, region, currency, missing, at);
    ServiceLine line;
    line.role = r.role;
    line.item = r.catalog;
    line.count = r.count;
    line.gib = r.gib;
    line.price = v.price;
    line.how = v.monthly ? v.how : "no price";
    line.conversion = v.conversion;
    line.rate = v.rate;
    if (v.monthly) line.monthly = *v.monthly * r.count;
    out.push_back(std::move(line));
  }
  return out;
}

}  // namespace gpuspec::cost
