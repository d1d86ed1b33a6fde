// Pieces every provider's module shares: the terraform block, variables, tags.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "backends/terraform/cloud_spec.h"
#include "backends/writers/hcl_document.h"

namespace gpuspec::terraform {

using writers::Block;
using writers::Expr;
using writers::File;

inline constexpr const char* kRequiredTerraform = ">= 1.5.0";
// The newest feature the alicloud module uses: alicloud_ecs_ram_role_attachment
// (1.250.0; security_group_name needs 1.239.0). test/terraform/check_schema.mjs
// checks every resource and argument against this lower bound.
inline constexpr const char* kAlicloudVersion = ">= 1.250.0, < 2.0.0";

struct Provider {
  std::string local_name;   // "aws"
  std::string source;       // "hashicorp/aws"
  std::string version;      // "~> 6.0"
};

// The files of a module, filled by a provider emitter: four Terraform files and
// the cloud-init template (plain text, the same in both syntaxes).
struct ModuleDocs {
  File versions{"versions.tf", {}, {}};
  File main{"main.tf", {}, {}};
  File variables{"variables.tf", {}, {}};
  File outputs{"outputs.tf", {}, {}};
  std::string cloud_init;
};

ModuleDocs start_module(const Provider& provider);

// variable "name" { description, type, default } (no default: the caller must set it).
Block variable(const std::string& name, const std::string& description, writers::TypeConstraint type,
               std::optional<Expr> default_value);
Block output(const std::string& name, const std::string& description, Expr value);

// The tags map: gpuspec's own keys, then the spec's (the spec wins on a clash).
Expr tags_object(const CloudSpec& spec);

// Variables every provider's module has: ssh_allowed_cidrs (default: the spec's
// access.from; none: terraform asks), user_data, data_mount_path.
void add_common_variables(const CloudSpec& spec, std::vector<Block>& variables);

// resource "terraform_data" "deployment_id": a random suffix made once, on the first
// apply, and kept (ignore_changes), so two deployments of one spec get distinct
// names where the provider wants unique ones, and later applies change nothing.
Block deployment_id();
// resource "terraform_data" "<name>": `value` as it was at the first apply, kept when
// it changes later (the newest image, the zones offering a type); replaced, and so
// resolved again, only when `trigger` (the variable that overrides it) changes.
// Read it as terraform_data.<name>.output.
Block resolved_once(const std::string& name, Expr value, Expr trigger);
// "${var.name}-<deployment id><suffix>"
Expr unique_name(const std::string& suffix);

// lifecycle { ignore_changes = [attributes...] }
Block ignore_changes(const std::vector<std::string>& attributes);
// dynamic "<type>" { for_each = ...; content { ... } }
Block dynamic_block(const std::string& type, Expr for_each, Block content);
// merge(local.tags, { Name = <name> })
Expr tags_with_name(Expr name);

// Address plan of a newly created network (default VPC/VNet 10.0.0.0/16): the node
// subnet holds `count` instances of `addresses_per_node` plus the addresses the
// provider reserves per subnet, never smaller than a /24. Returns the cidrsubnet
// newbits relative to a /16.
int node_subnet_newbits(int count, int addresses_per_node, int reserved_per_subnet);
inline constexpr int kPublicSubnetNetnum = 255;  // cidrsubnet(var.vpc_cidr, 8, 255): 10.0.255.0/24

// Resource names: one identifier per module, from the declaration name.
std::string resource_name(const CloudSpec& spec);

// "${var.name}<suffix>" / "${var.name}<suffix>${count.index}"
Expr named(const std::string& suffix);
Expr named_indexed(const std::string& suffix);

// `var.X == null ? 1 : 0`
Expr count_when_null(const std::string& variable);
// `var.X != null ? var.X : <otherwise>`
Expr variable_or(const std::string& variable, Expr otherwise);

ModuleDocs emit_aws(const CloudSpec& spec);
ModuleDocs emit_azure(const CloudSpec& spec);
ModuleDocs emit_alicloud(const CloudSpec& spec);

}  // namespace gpuspec::terraform
