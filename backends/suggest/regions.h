// Where a cloud region is, in the site regions a server's `site.region` takes (cn, us,
// eu, jp, sg, other): `--region` names one of those, and the search then keeps the
// cloud regions in it, so the rented and the owned options serve the same place.
#pragma once

#include <string>

namespace gpuspec::suggest {

// "us-east-1" -> "us", "westeurope" -> "eu", "cn-hangzhou" -> "cn", "japaneast" -> "jp",
// "ap-southeast-1" -> "sg"; "other" for the rest (ap-south-1, ca-central-1, ...).
std::string region_geography(const std::string& provider_region);

// Whether `text` is a site region symbol.
bool is_site_region(const std::string& text);

}  // namespace gpuspec::suggest
