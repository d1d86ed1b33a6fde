// Prices a block-storage volume the Terraform backend creates (the list of them is the
// module's own: backends/cost/module_prices.h). A volume type's `billing` says how its
// prices apply: per_capacity (amount x size / `per`, EBS and ESSD) or tiered (the
// smallest priced tier `per` that holds the disk, Azure managed disks).
#pragma once

#include <string>
#include <vector>

#include "backends/cost/missing_price.h"
#include "backends/cost/price_book.h"
#include "backends/cost/quote.h"

namespace gpuspec::cost {

// Sets `volume.price`, `how`, `conversion` and `monthly`; an unpriced volume is reported
// through `missing` at `at` (the storage property) and left without `monthly`.
void price_volume(CloudVolume& volume, const PriceBook& book, const std::string& region,
                  units::Currency currency, MissingPrices& missing, SourceRange at);

}  // namespace gpuspec::cost
