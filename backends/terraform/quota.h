// The quota a module needs before `terraform apply` can create its nodes: providers
// count GPU instances against per-family vCPU quotas per region, set per account
// (docs/terraform.md, "Quotas"). `gpuspec terraform` says which and how much per module.
#pragma once

#include "backends/terraform/cloud_spec.h"
#include "diag/diagnostic.h"
#include "sema/program.h"

namespace gpuspec::terraform {

// An info-level `terraform.quota` at the declaration's `instance`.
void report_quota(const CloudSpec& spec, const sema::DeclEntry& cloud, DiagnosticEngine& diags);

}  // namespace gpuspec::terraform
