// The disk sizes a provider accepts for the disks the emitters create, so a spec that
// asks for more (`data = 1e20 TiB`) gets a diagnostic at the property instead of a
// module Terraform or the provider rejects (or an undefined cast). Sources are in
// docs/terraform.md, "Limits".
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace gpuspec::terraform {

struct DiskSizeLimit {
  long long min_gib = 1;
  long long max_gib = 0;
  std::string_view disk;    // "EBS volume of type gp3", "Azure managed OS disk" (reads after "an")
  std::string_view source;  // the documentation the limit comes from
};

// The limit for the system disk or the data disk (`data_kind` ssd or hdd) of `provider`;
// nullopt when no limit has been read from a provider source (then only the integer
// range is checked).
std::optional<DiskSizeLimit> disk_size_limit(std::string_view provider, bool system_disk, std::string_view data_kind);

}  // namespace gpuspec::terraform
