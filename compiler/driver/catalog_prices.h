// `gpuspec catalog [KIND] --prices [FILE]... [--stale DURATION] [--unpriced]`: the price
// book as a list (item, kind, region, amount, as_of, age, source), the entries older
// than DURATION, and the catalog items (instance x region pairs included) that have no
// price at all, so a team knows what to refresh or add in its own price book.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "driver/session.h"

namespace gpuspec::driver {

struct PriceListOptions {
  std::optional<std::string> item_kind;     // only items of this catalog kind
  std::vector<std::string> price_files;     // user price books, loaded and checked
  std::optional<std::string> stale;         // as typed ("12mo"), for the report
  std::optional<double> stale_days;         // list only prices older than this
  bool unpriced = false;                    // list the items without any price
  bool json = false;
  std::string today;                        // "YYYY-MM-DD" the ages are counted to
};

// Prints the listing; returns the exit code (1 when a price file has errors).
int run_catalog_prices(Session& session, const PriceListOptions& options);

}  // namespace gpuspec::driver
