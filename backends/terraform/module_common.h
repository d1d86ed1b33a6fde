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

struct Provider {
  std::string local_name;   // "aws"
  std::string source;       // "hashicorp/aws"
  std::string version;      // "~> 6.0"
};

// The four files of a module, filled by a provider emitter.
struct ModuleDocs {
  File versions{"versions.tf", {}, {}};
  File main{"main.tf", {}, {}};
  File variables{"variables.tf", {}, {}};
  File outputs{"outputs.tf", {}, {}};
};

ModuleDocs start_module(const Provider& provider);

// variable "name" { description, type, default } (no default: the caller must set it).
Block variable(const std::string& name, const std::string& description, writers::TypeConstraint type,
               std::optional<Expr> default_value);
Block output(const std::string& name, const std::string& description, Expr value);

// The tags map: gpuspec's own keys, then the spec's (the spec wins on a clash).
Expr tags_object(const CloudSpec& spec);

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
