// The price of one new part in a currency: the price book's best capex entry for it
// (a new-part kind, cost::is_new_part_kind; `used` only from the user's own book), a
// point or a range, times the part's capacity for a price given per capacity, converted
// through a dated rate. The BOM
// prices its lines with it, and `gpuspec suggest` orders candidate parts by it.
#pragma once

#include <optional>
#include <string>

#include "backends/cost/price_book.h"
#include "sema/program.h"

namespace gpuspec::cost {

struct PartPrice {
  const PriceEntry* price = nullptr;  // the entry used
  MoneyRange unit;                    // one part, in the asked currency (a point for a point price)
  Converted converted;                // the conversion (its rate, if any)
  std::string per_capacity;           // "80 USD per 1 TB x 3.84 TB" for a capacity-based price, else ""
};

// Why a part has no price: no capex entry, a per-capacity price on a part without a
// capacity, or no exchange rate into the currency.
enum class PriceProblem { NoEntry, NoCapacity, NoRate };

struct PartPriceResult {
  std::optional<PartPrice> priced;
  PriceProblem problem = PriceProblem::NoEntry;  // when not priced
  const PriceEntry* entry = nullptr;             // the entry that could not be used (NoCapacity, NoRate)
};

// `build`: what one node of the build holds, so a system price (`includes`) the build
// contains can serve (PriceQuery::build); nullptr prices the part alone.
PartPriceResult part_price(const sema::Program& program, const std::string& part, const std::string& region,
                           units::Currency currency, const PriceBook& book, const PartCounts* build = nullptr);

// The data a part holds (a drive's `capacity`, a DIMM's `size`), in bytes; nullopt without one.
std::optional<double> capacity_of(const sema::Program& program, const std::string& part);

}  // namespace gpuspec::cost
