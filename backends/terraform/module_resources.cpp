#include "backends/terraform/module_resources.h"

#include <algorithm>
#include <stdexcept>

namespace gpuspec::terraform {

namespace {

// EBS gp3 (EC2 API reference, EbsBlockDevice / CreateVolume): 3,000 to 16,000 IOPS and
// 125 to 1,000 MiB/s (every hashicorp/aws 6.x accepts 1,000; newer ones 2,000), at most
// 500 IOPS per GiB and 0.25 MiB/s per IOPS (EBS user guide, "General Purpose SSD
// volumes"). A data disk for `data_kind = nvme` gets the most a volume of its size takes.
constexpr int kGp3MaxIops = 16000;
constexpr int kGp3MinIops = 3000;
constexpr int kGp3IopsPerGib = 500;
constexpr int kGp3MaxThroughput = 1000;
constexpr int kGp3MinThroughput = 125;
// Included in a gp3 volume's price (stdlib/volumes.gpuspec, aws.ebs_gp3: baseline_iops,
// baseline_throughput); the rest is billed per IOPS and per MiB/s and month.
constexpr int kGp3BaselineIops = 3000;
constexpr int kGp3BaselineThroughput = 125;

// The bastion hosts' own disks, written by the emitters so the quote knows their size:
// AWS 16 GiB (the Amazon Linux 2023 image's root volume is smaller), Azure 30 GiB (the
// Ubuntu 22.04 image's), Alibaba Cloud 40 GiB (alicloud_instance's default,
// max{40, image size}).
constexpr double kAwsBastionDiskGib = 16;
constexpr double kAzureBastionDiskGib = 30;
constexpr double kAlicloudBastionDiskGib = 40;

ModuleResource disk(std::string_view role, std::string catalog, std::string api_name, double gib, bool defaulted = false,
                    int count = 1) {
  ModuleResource r;
  r.role = role;
  r.catalog = std::move(catalog);
  r.api_name = std::move(api_name);
  r.billing = Billing::Capacity;
  r.gib = gib;
  r.size_defaulted = defaulted;
  r.count = count;
  return r;
}

ModuleResource service(std::string_view role, std::string catalog, std::string api_name, Billing billing, int count = 1) {
  ModuleResource r;
  r.role = role;
  r.catalog = std::move(catalog);
  r.api_name = std::move(api_name);
  r.billing = billing;
  r.count = count;
  return r;
}

void add_disks(const CloudSpec& spec, std::vector<ModuleResource>& out) {
  const double system = static_cast<double>(spec.system_gib.value_or(kDefaultSystemGib));
  const bool defaulted = !spec.system_gib;
  const bool hdd = spec.data_kind == "hdd";
  switch (spec.provider_kind) {
    case CloudProvider::Aws: {
      out.push_back(disk(kSystemDisk, "aws.ebs_gp3", "gp3", system, defaulted, spec.count));
      if (!spec.data_gib) break;
      ModuleResource data = disk(kDataDisk, hdd ? "aws.ebs_st1" : "aws.ebs_gp3", hdd ? "st1" : "gp3",
                                 static_cast<double>(*spec.data_gib), false, spec.count);
      if (spec.data_kind == "nvme") {
        const long long by_size = *spec.data_gib * kGp3IopsPerGib;
        data.iops = static_cast<int>(std::clamp<long long>(by_size, kGp3MinIops, kGp3MaxIops));
        data.throughput_mibps = std::clamp(*data.iops / 4, kGp3MinThroughput, kGp3MaxThroughput);
      }
      const std::optional<int> iops = data.iops, throughput = data.throughput_mibps;
      out.push_back(std::move(data));
      if (iops && *iops > kGp3BaselineIops) {
        ModuleResource extra = service("data disk IOPS", "aws.ebs_gp3_iops", "iops", Billing::Provisioned, spec.count);
        extra.units = *iops - kGp3BaselineIops;
        out.push_back(std::move(extra));
      }
      if (throughput && *throughput > kGp3BaselineThroughput) {
        ModuleResource extra =
            service("data disk throughput", "aws.ebs_gp3_throughput", "throughput", Billing::Provisioned, spec.count);
        extra.units = *throughput - kGp3BaselineThroughput;
        out.push_back(std::move(extra));
      }
      break;
    }
    case CloudProvider::Azure:
      out.push_back(disk(kSystemDisk, "azure.premium_ssd_lrs", "Premium_LRS", system, defaulted, spec.count));
      if (spec.data_gib) {
        out.push_back(disk(kDataDisk, hdd ? "azure.standard_hdd_lrs" : "azure.premium_ssd_lrs",
                           hdd ? "Standard_LRS" : "Premium_LRS", static_cast<double>(*spec.data_gib), false, spec.count));
      }
      break;
    case CloudProvider::Alicloud:
      // gn7i takes ESSD only (an hdd data disk is emitted as ESSD: terraform.disk-kind).
      out.push_back(disk(kSystemDisk, "alicloud.essd_pl1", "cloud_essd", system, defaulted, spec.count));
      if (spec.data_gib) {
        out.push_back(disk(kDataDisk, "alicloud.essd_pl1", "cloud_essd", static_cast<double>(*spec.data_gib), false,
                           spec.count));
      }
      break;
  }
}

void add_network(const CloudSpec& spec, std::vector<ModuleResource>& out) {
  const bool bastion = spec.access == Access::Bastion;
  const bool public_ip = spec.access == Access::PublicIp;
  switch (spec.provider_kind) {
    case CloudProvider::Aws:
      if (bastion) {
        out.push_back(service(kNatGateway, "aws.nat_gateway", "aws_nat_gateway", Billing::Hourly));
        out.push_back(service("NAT address", "aws.public_ipv4", "aws_eip", Billing::Hourly));
        out.push_back(service("NAT data processing", "aws.nat_gateway_data", "aws_nat_gateway", Billing::Traffic));
        out.push_back(service(kBastionHost, "aws.t3_micro", "t3.micro", Billing::Hourly));
        out.push_back(disk(kBastionDisk, "aws.ebs_gp3", "gp3", kAwsBastionDiskGib));
        out.push_back(service("bastion address", "aws.public_ipv4", "associate_public_ip_address", Billing::Hourly));
      } else if (public_ip) {
        out.push_back(service("node addresses", "aws.public_ipv4", "aws_eip", Billing::Hourly, spec.count));
      }
      break;
    case CloudProvider::Azure:
      if (bastion) {
        out.push_back(service(kNatGateway, "azure.nat_gateway", "Standard", Billing::Hourly));
        out.push_back(service("NAT address", "azure.public_ip_standard", "Standard", Billing::Hourly));
        out.push_back(service("NAT data processing", "azure.nat_gateway_data", "Standard", Billing::Traffic));
        out.push_back(service(kBastionHost, "azure.standard_b2s", "Standard_B2s", Billing::Hourly));
        out.push_back(disk(kBastionDisk, "azure.standard_hdd_lrs", "Standard_LRS", kAzureBastionDiskGib));
        out.push_back(service("bastion address", "azure.public_ip_standard", "Standard", Billing::Hourly));
      } else if (public_ip) {
        out.push_back(
            service("node addresses", "azure.public_ip_standard", "Standard", Billing::Hourly, spec.count));
      }
      break;
    case CloudProvider::Alicloud:
      if (bastion) {
        out.push_back(service(kNatGateway, "alicloud.nat_gateway_enhanced", "Enhanced", Billing::Hourly));
        out.push_back(service("NAT capacity units", "alicloud.nat_gateway_cu", "PayByLcu", Billing::Traffic));
        out.push_back(service("NAT address", "alicloud.eip", "PayByTraffic", Billing::Hourly));
        out.push_back(service("NAT traffic", "alicloud.internet_traffic", "PayByTraffic", Billing::Traffic));
        out.push_back(service(kBastionHost, "alicloud.ecs_g7_large", "ecs.g7.large", Billing::Hourly));
        out.push_back(disk(kBastionDisk, "alicloud.essd_pl1", "cloud_essd", kAlicloudBastionDiskGib));
        out.push_back(service("bastion traffic", "alicloud.internet_traffic", "PayByTraffic", Billing::Traffic));
      } else if (public_ip) {
        out.push_back(
            service("node traffic", "alicloud.internet_traffic", "PayByTraffic", Billing::Traffic, spec.count));
      }
      break;
  }
}

}  // namespace

std::vector<ModuleResource> module_resources(const CloudSpec& spec) {
  std::vector<ModuleResource> out;
  out.push_back(service(kNodes, spec.instance, spec.api_name, Billing::Hourly, spec.count));
  add_disks(spec, out);
  add_network(spec, out);
  return out;
}

const ModuleResource* find_resource(const std::vector<ModuleResource>& resources, std::string_view role) {
  auto it = std::find_if(resources.begin(), resources.end(), [&](const ModuleResource& r) { return r.role == role; });
  return it == resources.end() ? nullptr : &*it;
}

const ModuleResource& resource(const std::vector<ModuleResource>& resources, std::string_view role) {
  if (const ModuleResource* r = find_resource(resources, role)) return *r;
  throw std::logic_error("no module resource with role " + std::string(role));
}

}  // namespace gpuspec::terraform
