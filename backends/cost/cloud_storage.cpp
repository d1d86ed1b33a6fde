#include "backends/cost/cloud_storage.h"

#include <fmt/format.h>

#include <cmath>


namespace gpuspec::cost {

namespace {

constexpr double kGib = 1073741824.0;
constexpr double kSecondsPerMonth = kHoursPerMonth * 3600;

// "0.08 USD/month", or for a range "0.08 .. 0.1 USD/month".
std::string monthly_text(const PriceEntry& price) {
  const double low = price.amount.value * kSecondsPerMonth;
  const double high = price.high.value * kSecondsPerMonth;
  const auto currency = units::currency_code(price.amount.currency);
  if (low == high) return fmt::format("{:.4g} {}/month", low, currency);
  return fmt::format("{:.4g} .. {:.4g} {}/month", low, high, currency);
}

}  // namespace

void price_volume(CloudVolume& v, const PriceBook& book, const std::string& region,
                  units::Currency currency, MissingPrices& missing, SourceRange at) {
  const std::string use = "storage." + v.role;
  const std::string hint = fmt::format(
      "add a `price` entry for {} (kind on_demand or list, `amount` per month with `per` = the capacity it is for, "
      "`region = \"{}\"`, `source` and `as_of`) to a price-book file and pass it with --prices FILE",
      v.volume, region);
  auto declared_billing = book.volume_billing(v.volume);
  if (!declared_billing) {
    missing.report(v.volume, at, use,
                   fmt::format("no volume type '{}' in the catalog or price book to price the {} disk", v.volume, v.role),
                   "declare the `volume` type and its `price` in a price-book file and pass it with --prices FILE");
    return;
  }
  const std::string billing = *declared_billing;
  PriceQuery query{v.volume, region, true, currency, PriceUse::Volume};
  const double bytes = v.gib * kGib;
  // The best entry must be money per month for a capacity (for tiers, every one must):
  // one that is not is reported, never passed over for a lower-ranked entry.
  const PriceEntry* price = nullptr;
  const PriceEntry* unusable = nullptr;
  for (const PriceEntry* p : book.candidates(query)) {
    if (p->amount.dimension != units::Dimension::money_rate() || !p->per ||
        p->per->dimension != units::Dimension::data()) {
      unusable = p;
      break;
    }
    if (billing != "tiered") {
      price = p;
      break;
    }
    // Tiered: the smallest tier that holds the disk (candidates come best first, so a tie keeps the better entry).
    if (p->per->value + 0.5 >= bytes && (!price || p->per->value < price->per->value)) price = p;
  }
  if (unusable) {
    missing.report(v.volume, at, use,
                   fmt::format("the price of volume '{}' ({}) is not money per month for a capacity (`per`)", v.volume,
                               unusable->source.entry),
                   "give the volume's price as `amount = 0.08 USD/month` with `per = 1 GiB` (or the tier's size)");
    return;
  }
  if (!price) {
    missing.report(v.volume, at, use,
                   billing == "tiered"
                       ? fmt::format("no price for a {} GiB '{}' disk (no priced tier holds it) in region \"{}\"", v.gib,
                                     v.volume, region)
                       : fmt::format("no price for volume '{}' ({} disk) in region \"{}\" in the price book", v.volume,
                                     v.role, region),
                   hint);
    return;
  }
  auto converted = book.convert_unit(price->amount.currency, currency);
  if (!converted) {
    missing.report(v.volume, at, use,
                   fmt::format("no exchange rate from {} to {} for the price of '{}' ({})",
                               units::currency_code(price->amount.currency), units::currency_code(currency), v.volume,
                               price->source.entry),
                   kMissingRateHint);
    return;
  }
  v.price = price;
  v.dated_after = book.dated_after(price);
  v.conversion = converted->describe();
  if (converted->rate) v.rate = converted->rate->source;
  // Both ends of a range convert at the one rate; money per second to per month.
  const MoneyRange per_month = MoneyRange{price->amount.value, price->high.value} * (converted->value.value * kSecondsPerMonth);
  if (billing == "tiered") {
    v.monthly = per_month;
    v.how = fmt::format("the {} tier at {} per disk", units::format(*price->per), monthly_text(*price));
  } else {
    v.monthly = per_month * (bytes / price->per->value);
    v.how = fmt::format("{} per {}", monthly_text(*price), units::format(*price->per));
  }
}

}  // namespace gpuspec::cost
