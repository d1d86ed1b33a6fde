// What one module creates that the provider bills, as one list: the emitters take the
// types, sizes and performance they write from it, and the quote
// (backends/cost/module_prices.cpp) prices every entry, so a resource the module
// creates cannot be missing from the quote. docs/terraform.md, "What a module costs".
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "backends/terraform/cloud_spec.h"

namespace gpuspec::terraform {

enum class Billing {
  Hourly,       // every hour it exists: instances, NAT gateways, public addresses, the bastion VM
  Capacity,     // block storage: per capacity and month (or the tier that holds it)
  Provisioned,  // per unit and month: gp3 IOPS and throughput above the included baseline
  Traffic,      // per GB through it: NAT data processing, public traffic; no spec says how much
};

// Roles the emitters look up.
inline constexpr std::string_view kNodes = "nodes";
inline constexpr std::string_view kSystemDisk = "system disk";
inline constexpr std::string_view kDataDisk = "data disk";
inline constexpr std::string_view kBastionHost = "bastion host";
inline constexpr std::string_view kBastionDisk = "bastion system disk";
inline constexpr std::string_view kNatGateway = "NAT gateway";

struct ModuleResource {
  std::string role;      // "nodes", "data disk", "NAT gateway", "NAT data processing", ...
  std::string catalog;   // what the price book prices: aws.p4d_24xlarge, aws.ebs_gp3, aws.nat_gateway
  std::string api_name;  // what the module writes: "p4d.24xlarge", "gp3", "t3.micro", "Premium_LRS"
  Billing billing = Billing::Hourly;
  int count = 1;
  double gib = 0;               // Capacity: one disk, whole GiB as the module writes it
  bool size_defaulted = false;  // no size in the spec: the module's default
  // Capacity: what the module provisions (gp3 for data_kind = nvme); Provisioned: the
  // units billed per resource (IOPS or MiB/s above the included baseline).
  std::optional<int> iops, throughput_mibps;
  double units = 0;
};

std::vector<ModuleResource> module_resources(const CloudSpec& spec);

// The entry of `role`; the emitters only ask for roles the module has.
const ModuleResource& resource(const std::vector<ModuleResource>& resources, std::string_view role);
const ModuleResource* find_resource(const std::vector<ModuleResource>& resources, std::string_view role);

// The module's system disk when the spec gives none.
inline constexpr long long kDefaultSystemGib = 200;

}  // namespace gpuspec::terraform
