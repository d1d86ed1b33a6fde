// `gpuspec catalog [KIND] --prices [FILE]... [--stale DURATION] [--unpriced]`: the price
// book as a list (item, kind, region, amount, as_of, age, source), the entries older
// than DURATION, and the catalog items (instance x region pairs included) that have no
// price at all, so a team knows what to refresh or add in its own price book.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "sema/program.h"

namespace gpuspec::cost {

struct PriceListOptions {
  std::optional<std::string> item_kind;     // only items of this catalog kind
  std::optional<std::string> stale;         // as typed ("12mo"), for the report
  std::optional<double> stale_days;         // list only prices older than this
  bool unpriced = false;                    // list the items without any price
  bool json = false;
  std::string today;                        // "YYYY-MM-DD" the ages are counted to
};

// The listing of the stdlib's prices (`library`) and of the user price books
// `price_files` (loaded and checked by the caller), as text or JSON (`options.json`).
std::string price_listing(const sema::Library& library, const std::vector<sema::Program>& price_files,
                          const PriceListOptions& options);

}  // namespace gpuspec::cost
