#include "backends/suggest/regions.h"

#include <array>
#include <string_view>
#include <utility>

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

}  // namespace gpuspec::suggest
