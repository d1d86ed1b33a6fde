// Where a cloud region is, in the site regions a server's `site.region` takes (cn, us,
// eu, jp, sg, other): `--region` names one of those, and the search then keeps the
// cloud regions in it, so the rented and the owned options serve the same place.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "backends/cost/price_book.h"

namespace gpuspec::suggest {

// "us-east-1" -> "us", "westeurope" -> "eu", "cn-hangzhou" -> "cn", "japaneast" -> "jp",
// "ap-southeast-1" -> "sg"; "other" for the rest (ap-south-1, ca-central-1, ...).
std::string region_geography(const std::string& provider_region);

// Whether `text` is a site region symbol.
bool is_site_region(const std::string& text);

// The cloud regions `book` prices an instance in (on demand): the only ones the search
// can rent in, so the only ones --region may name besides a site region. Sorted.
std::vector<std::string> rentable_regions(const cost::PriceBook& book);

// Why `--region` cannot be used, or nullopt: neither a site region nor one of
// rentable_regions(book). The message shows the text made printable, never raw.
std::optional<std::string> unknown_region(const std::string& region, const cost::PriceBook& book);

}  // namespace gpuspec::suggest
