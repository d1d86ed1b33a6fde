#include "backends/terraform/quota.h"

#include <fmt/format.h>

#include "facts/properties.h"

namespace gpuspec::terraform {

namespace {

// The quota a node counts against. AWS: EC2 On-Demand instance quotas are vCPUs per
// instance family group ("Running On-Demand P instances", "... G and VT instances";
// Spot: "All P Spot Instance Requests"). Azure: the VM size's family vCPU quota and
// "Total Regional vCPUs" (Spot: "Total Regional Spot vCPUs"). Alibaba Cloud: the
// region's vCPU quota for pay-as-you-go instances of the family.
std::string quota_name(const CloudSpec& spec) {
  switch (spec.provider_kind) {
    case CloudProvider::Aws: {
      const char family = spec.api_name.empty() ? ' ' : spec.api_name.front();
      const char* group = family == 'p' ? "P" : family == 'g' ? "G and VT" : nullptr;
      if (spec.pricing == "spot") {
        return group ? fmt::format("EC2 Service Quotas 'All {} Spot Instance Requests'", group)
                     : "the EC2 Spot quota of its instance family";
      }
      return group ? fmt::format("EC2 Service Quotas 'Running On-Demand {} instances'", group)
                   : "the EC2 On-Demand quota of its instance family";
    }
    case CloudProvider::Azure:
      return spec.pricing == "spot" ? "Azure 'Total Regional Spot vCPUs'"
                                    : fmt::format("the Azure vCPU quota of the {} family and 'Total Regional vCPUs'",
                                                  spec.api_name);
    case CloudProvider::Alicloud:
      return "the Alibaba Cloud ECS vCPU quota for pay-as-you-go instances of its family";
  }
  return "";
}

}  // namespace

void report_quota(const CloudSpec& spec, const sema::DeclEntry& cloud, DiagnosticEngine& diags) {
  const ast::Declaration& decl = *cloud.decl;
  const ast::Property* instance = facts::find_property(decl.body, "instance");
  std::string need = spec.vcpus ? fmt::format("{:g} vCPUs ({} x {:g})", *spec.vcpus * spec.count, spec.count, *spec.vcpus)
                                : fmt::format("{} instances' vCPUs (the catalog has no vcpus)", spec.count);
  auto& d = diags.report("terraform.quota", Severity::Info, instance ? instance->range : decl.name_range,
                         fmt::format("{} x {} need {} of {} in {}", spec.count, spec.api_name, need, quota_name(spec),
                                     spec.region));
  d.declaration = decl.name;
  d.hint = "quotas are set per account and region, and a new account's quota for GPU families may be lower than "
           "this: check it and request an increase before `terraform apply` (AWS Service Quotas, Azure Quotas, "
           "Alibaba Cloud Quota Center)";
}

}  // namespace gpuspec::terraform
