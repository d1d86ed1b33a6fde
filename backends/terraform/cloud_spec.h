// What the emitters read from a checked `cloud` declaration: its facts plus the
// properties facts do not carry (tags, zone, image, ssh_user), with source ranges
// for diagnostics.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "diag/diagnostic.h"
#include "sema/program.h"

namespace gpuspec::terraform {

// The providers this backend emits for. A provider name it does not know is the
// `terraform.unknown-provider` error, never another provider's module.
enum class CloudProvider { Aws, Azure, Alicloud };
std::optional<CloudProvider> provider_named(std::string_view name);

// How people reach the nodes: `access { ssh = ... }` (docs/terraform.md, "Access").
enum class Access { Bastion, PublicIp, ExistingNetwork };

struct CloudSpec {
  std::string name;                 // declaration name, literal text
  std::string provider;             // aws | azure | alicloud
  CloudProvider provider_kind = CloudProvider::Aws;  // the same, as the emitters switch over it
  std::string instance;             // catalog entry name
  std::string api_name;             // "p4d.24xlarge"
  int count = 1;
  std::string region;
  std::optional<std::string> zone;
  std::optional<std::string> image;
  std::optional<std::string> ssh_user;
  std::optional<long long> system_gib;  // rounded up from the declared bytes
  std::optional<long long> data_gib;  // a data volume of this size, kept out of the instance's lifecycle
  bool local_nvme = false;              // storage.data = local_nvme: stripe the instance's own NVMe drives
  std::string data_kind = "ssd";
  Access access = Access::Bastion;
  std::vector<std::string> ssh_from;    // access.from; empty: terraform asks for the CIDR blocks
  std::optional<double> bandwidth_mbps;  // access.bandwidth (Alibaba Cloud's public bandwidth cap)
  // `pricing`: on_demand, reserved_1y, reserved_3y, spot (the module's `spot` variable
  // defaults to true) or capacity_block (AWS: launch into a Capacity Block).
  std::string pricing = "on_demand";
  bool efa = false;
  bool infiniband = false;
  int network_cards = 1;
  bool network_cards_known = false;     // the catalog gives network_cards
  std::optional<double> vcpus;          // per instance, for the quota the module needs
  std::vector<std::pair<std::string, std::string>> tags;  // sorted by key
};

// Reports terraform.* diagnostics; nullopt when the declaration cannot be compiled.
std::optional<CloudSpec> read_cloud_spec(const sema::Program& program, const sema::DeclEntry& cloud,
                                         DiagnosticEngine& diags);

}  // namespace gpuspec::terraform
