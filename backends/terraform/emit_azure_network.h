// Azure networking for one module: a new virtual network per access mode (bastion:
// a jump VM with a public address in its own subnet, the node subnet private with a
// NAT gateway for outbound; public_ip: a public address per node NIC) or the subnet
// named by var.subnet_id (existing_network); a network security group on the nodes.
#pragma once

#include "backends/terraform/module_common.h"

namespace gpuspec::terraform::azure {

// Linux computer names: letters, digits and hyphens (azurerm cannot derive one from
// a VM name with `_`); the declaration name lowercased, other characters `-`.
std::string hostname_prefix(const CloudSpec& spec);

// SSH-key-only login of var.admin_username: admin_username,
// disable_password_authentication and the admin_ssh_key block.
void set_ssh_login(Block& vm);

struct Network {
  Expr node_subnet_id;
  Expr vnet_id;  // null with existing_network
};

Network add_network(const CloudSpec& spec, const std::string& n, ModuleDocs& docs);
void add_access_outputs(const CloudSpec& spec, const std::string& n, ModuleDocs& docs);

}  // namespace gpuspec::terraform::azure
