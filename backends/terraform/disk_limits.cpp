#include "backends/terraform/disk_limits.h"

namespace gpuspec::terraform {

namespace {

// AWS EC2 API reference, LaunchTemplateEbsBlockDeviceRequest / EbsBlockDevice,
// VolumeSize: "gp2 and gp3: 1 - 16,384 GiB", "st1 and sc1: 125 - 16,384 GiB".
constexpr std::string_view kAwsSource = "AWS EC2 API reference, EbsBlockDevice VolumeSize";
// Azure: a managed OS disk is at most 4,095 GiB ("Maximum is 4095 GiB for Managed
// disks", the OSDiskSizeGiB property docs); Premium_LRS and Standard_LRS data disks at
// most 32,767 GiB (only UltraSSD_LRS goes higher: terraform-provider-azurerm #7689).
constexpr std::string_view kAzureOsSource = "Microsoft Learn, OSDiskSizeGiB: maximum 4095 GiB for managed disks";
constexpr std::string_view kAzureDataSource =
    "terraform-provider-azurerm #7689: disk_size_gb above 32767 only for UltraSSD_LRS";

}  // namespace

std::optional<DiskSizeLimit> disk_size_limit(std::string_view provider, bool system_disk, std::string_view data_kind) {
  if (provider == "aws") {
    if (!system_disk && data_kind == "hdd") return DiskSizeLimit{125, 16384, "EBS volume of type st1", kAwsSource};
    return DiskSizeLimit{1, 16384, "EBS volume of type gp3", kAwsSource};
  }
  if (provider == "azure") {
    if (system_disk) return DiskSizeLimit{1, 4095, "Azure managed OS disk", kAzureOsSource};
    return DiskSizeLimit{1, 32767, data_kind == "hdd" ? "Azure Standard_LRS managed disk" : "Azure Premium_LRS managed disk",
                         kAzureDataSource};
  }
  // Alibaba Cloud: no ESSD size limit has been read from an Alibaba source yet.
  return std::nullopt;
}

}  // namespace gpuspec::terraform
