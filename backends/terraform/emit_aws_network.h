// AWS networking for one module: a new VPC per access mode (bastion: public subnet
// with the bastion host and a NAT gateway, private node subnet; public_ip: one public
// subnet, an Elastic IP per node) or the subnet named by var.subnet_id
// (existing_network); the security groups; the bastion host.
#pragma once

#include "backends/terraform/module_common.h"

namespace gpuspec::terraform::aws {

// References the instance emitter needs, valid after add_network().
struct Network {
  Expr vpc_id;
  Expr node_subnet_id;
  Expr node_subnet_az;     // where the data volumes are created
  Expr node_security_group;
};

Network add_network(const CloudSpec& spec, const std::string& n, ModuleDocs& docs);

// The ssh_commands output and the public addresses, per access mode.
void add_access_outputs(const CloudSpec& spec, const std::string& n, ModuleDocs& docs);

}  // namespace gpuspec::terraform::aws
