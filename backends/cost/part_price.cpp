#include "backends/cost/part_price.h"

#include <fmt/format.h>

#include "facts/properties.h"

namespace gpuspec::cost {

// The capacity a `per` price is for, and what a complete system's memory and drives are
// measured by: a drive's `capacity`, a DIMM's `size`.
std::optional<double> capacity_of(const sema::Program& program, const std::string& part) {
  const sema::DeclEntry* entry = program.find(part);
  if (!entry) return std::nullopt;
  for (std::string_view key : {"capacity", "size"}) {
    const facts::CatalogFact* v = facts::catalog_fact(*entry, key);
    if (v && v->value.type == facts::Value::Type::Quantity && v->value.quantity.dimension == units::Dimension::data()) {
      return v->value.quantity.value;
    }
  }
  return std::nullopt;
}

PartPriceResult part_price(const sema::Program& program, const std::string& part, const std::string& region,
                           units::Currency currency, const PriceBook& book, const PartCounts* build) {
  PartPriceResult result;
  PriceQuery query{part, region, false, currency, PriceUse::Capex};
  query.build = build;
  const PriceEntry* price = book.find(query);
  if (!price || price->amount.dimension != units::Dimension::money_amount()) return result;
  result.entry = price;
  PartPrice priced;
  priced.price = price;
  double per_unit_factor = 1;
  if (price->per) {
    auto capacity = capacity_of(program, part);
    if (!capacity || price->per->dimension != units::Dimension::data()) {
      result.problem = PriceProblem::NoCapacity;
      return result;
    }
    per_unit_factor = *capacity / price->per->value;
    std::string amount = units::format(price->amount);
    if (price->is_range()) amount += " .. " + units::format(price->high);
    priced.per_capacity = fmt::format("{} per {} x {}", amount, units::format(*price->per),
                                      units::format({*capacity, units::Dimension::data()}));
  }
  // Both ends convert at the one rate.
  auto converted = book.convert_unit(price->amount.currency, currency);
  if (!converted) {
    result.problem = PriceProblem::NoRate;
    return result;
  }
  priced.unit = MoneyRange{price->amount.value, price->high.value} * (converted->value.value * per_unit_factor);
  priced.converted = std::move(*converted);
  result.priced = std::move(priced);
  return result;
}

}  // namespace gpuspec::cost
