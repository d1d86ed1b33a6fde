#include "backends/suggest/regions.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <set>
#include <string_view>
#include <utility>

#include "sema/suggest.h"
#include "source/printable.h"

namespace gpuspec::suggest {

std::string region_geography(const std::string& r) {
  // AWS and Alibaba Cloud name regions by prefix (us-east-1, cn-hangzhou, ap-northeast-1);
  // Azure by name (eastus, westeurope, japaneast, southeastasia, chinanorth3).
  // Hong Kong (cn-hongkong, Azure's eastasia) counts as cn: US export controls have
  // treated it as China since 2020. GovCloud needs accounts of its own: other.
  constexpr std::array<std::pair<std::string_view, std::string_view>, 7> exact{{
      {"ap-northeast-1", "jp"}, {"ap-northeast-3", "jp"}, {"ap-southeast-1", "sg"}, {"southeastasia", "sg"},
      {"japaneast", "jp"}, {"japanwest", "jp"}, {"eastasia", "cn"}}};
  for (const auto& [name, where] : exact) {
    if (r == name) return std::string(where);
  }
  if (r.starts_with("us-gov-")) return "other";
  if (r.starts_with("us-") || r.ends_with("us") || r.ends_with("us2") || r.ends_with("us3")) return "us";
  if (r.starts_with("eu-") || r.ends_with("europe") || r.starts_with("france") || r.starts_with("germany") ||
      r.starts_with("uk") || r.starts_with("sweden") || r.starts_with("switzerland") || r.starts_with("norway") ||
      r.starts_with("italy") || r.starts_with("poland") || r.starts_with("spain")) {
    return "eu";
  }
  if (r.starts_with("cn-") || r.starts_with("china")) return "cn";
  return "other";
}

bool is_site_region(const std::string& text) {
  return text == "cn" || text == "us" || text == "eu" || text == "jp" || text == "sg" || text == "other";
}

std::vector<std::string> rentable_regions(const cost::PriceBook& book) {
  std::set<std::string> regions;
  for (const cost::PriceEntry* price : book.prices()) {
    if (price->kind == "on_demand" && !price->region.empty()) regions.insert(price->region);
  }
  return {regions.begin(), regions.end()};
}

std::optional<std::string> unknown_region(const std::string& region, const cost::PriceBook& book) {
  if (is_site_region(region)) return std::nullopt;
  std::vector<std::string> known = rentable_regions(book);
  if (std::binary_search(known.begin(), known.end(), region)) return std::nullopt;
  std::vector<std::string_view> names(known.begin(), known.end());
  auto near = sema::nearest(region, names);
  return fmt::format("--region '{}' is neither a site region (cn, us, eu, jp, sg, other) nor a cloud region the price "
                     "book rents instances in{}",
                     printable(region), near ? fmt::format("; did you mean '{}'?", *near) : std::string());
}

}  // namespace gpuspec::suggest
