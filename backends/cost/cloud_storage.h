// The block storage a cloud deployment declares, priced per month. The volumes are the
// ones the Terraform backend creates (backends/terraform/emit_{aws,azure,alicloud}.cpp):
// per instance, a system volume (the declared `storage.system`, else the backend's
// 200 GiB) and, when `storage.data` is a size (not the instance's own NVMe,
// `storage.data.local`), a data volume; sizes in GiB rounded up.
//
//   provider   system                  data (ssd/nvme)         data (hdd)
//   aws        aws.ebs_gp3             aws.ebs_gp3             aws.ebs_st1
//   azure      azure.premium_ssd_lrs   azure.premium_ssd_lrs   azure.standard_hdd_lrs
//   alicloud   alicloud.essd_pl1       alicloud.essd_pl1       alicloud.essd_pl1
//
// A volume type's `billing` says how its prices apply: per_capacity (amount x size /
// `per`, EBS and ESSD) or tiered (the smallest priced tier `per` that holds the disk,
// Azure managed disks).
#pragma once

#include <string>
#include <vector>

#include "backends/cost/missing_price.h"
#include "backends/cost/price_book.h"
#include "backends/cost/quote.h"
#include "facts/fact.h"

namespace gpuspec::cost {

// The backend's system disk when the spec gives none (emit_*.cpp: `system_gib.value_or(200)`).
inline constexpr double kDefaultSystemGib = 200;

std::vector<CloudVolume> declared_volumes(const facts::FactSet& facts, const std::string& provider);

// Sets `volume.price`, `how`, `conversion` and `monthly`; an unpriced volume is reported
// through `missing` at `at` (the storage property) and left without `monthly`.
void price_volume(CloudVolume& volume, const PriceBook& book, const std::string& region,
                  units::Currency currency, MissingPrices& missing, SourceRange at);

}  // namespace gpuspec::cost
