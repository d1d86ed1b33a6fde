#include "backends/terraform/cloud_spec.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "backends/terraform/disk_limits.h"
#include "backends/terraform/terraform.h"
#include "facts/properties.h"
#include "facts/resolve.h"
#include "units/integral.h"

namespace gpuspec::terraform {

namespace {

std::optional<std::string> string_property(const ast::Body& body, std::string_view path) {
  const ast::Property* p = facts::find_property(body, path);
  if (!p || !p->value) return std::nullopt;
  if (const auto* s = p->value->as<ast::StringLit>()) return s->value;
  return std::nullopt;
}

std::vector<std::string> string_list(const ast::Body& body, std::string_view path) {
  std::vector<std::string> out;
  const ast::Property* p = facts::find_property(body, path);
  if (!p || !p->value) return out;
  if (const auto* s = p->value->as<ast::StringLit>()) out.push_back(s->value);
  if (const auto* list = p->value->as<ast::ListExpr>()) {
    for (const auto& item : list->items) {
      if (const auto* s = item->as<ast::StringLit>()) out.push_back(s->value);
    }
  }
  return out;
}

std::optional<std::string> symbol_property(const ast::Body& body, std::string_view path) {
  const ast::Property* p = facts::find_property(body, path);
  if (!p || !p->value) return std::nullopt;
  if (const auto* n = p->value->as<ast::Name>()) return n->name;
  return std::nullopt;
}

SourceRange range_of(const ast::Declaration& decl, std::string_view path) {
  if (const ast::Property* p = facts::find_property(decl.body, path)) return p->range;
  return decl.name_range;
}

// A declared size in bytes as whole GiB, rounded up, within what the provider accepts
// for that disk; otherwise a diagnostic at the property and nullopt (never a cast of a
// value out of range: `1e20 TiB` used to become -9.2e18).
std::optional<long long> disk_gib(double bytes, const CloudSpec& spec, bool system_disk, const ast::Declaration& decl,
                                  DiagnosticEngine& diags) {
  const char* property = system_disk ? "storage.system" : "storage.data";
  double gib = std::ceil(bytes / 1073741824.0 - 1e-9);
  auto limit = disk_size_limit(spec.provider, system_disk, spec.data_kind);
  auto whole = units::checked_integer<long long>(gib);
  if (whole && (!limit || (*whole >= limit->min_gib && *whole <= limit->max_gib))) return whole;
  auto& d = diags.error("terraform.disk-size", range_of(decl, property),
                        limit ? fmt::format("{} = {:g} GiB, but an {} takes {} to {} GiB", property, gib, limit->disk,
                                            limit->min_gib, limit->max_gib)
                              : fmt::format("{} = {:g} GiB is too large to emit", property, gib));
  d.declaration = decl.name;
  if (limit) d.notes.push_back({fmt::format("limit from {}", limit->source), {}});
  return std::nullopt;
}

}  // namespace

int max_count(const std::string& provider) {
  // AWS: RunInstances guidance is batches of at most 100 instances, and one cluster
  // placement group must be filled in one launch to get capacity. Azure: an InfiniBand
  // cluster is one placement group, at most 100 VMs. Alibaba: RunInstances creates at
  // most 100 instances per call. (docs/terraform.md, "Limits".)
  (void)provider;
  return 100;
}

std::optional<CloudProvider> provider_named(std::string_view name) {
  if (name == "aws") return CloudProvider::Aws;
  if (name == "azure") return CloudProvider::Azure;
  if (name == "alicloud") return CloudProvider::Alicloud;
  return std::nullopt;
}

std::optional<CloudSpec> read_cloud_spec(const sema::Program& program, const sema::DeclEntry& cloud,
                                         DiagnosticEngine& diags) {
  const ast::Declaration& decl = *cloud.decl;
  DiagnosticEngine fact_diags;  // the facts' own diagnostics belong to `check`
  facts::FactSet facts = facts::resolve_facts(program, cloud, fact_diags);
  CloudSpec spec;
  spec.name = decl.name;
  std::size_t errors_before = diags.error_count();

  spec.provider = facts.symbol("provider").value_or("");
  if (const facts::Fact* f = facts.find("instance.model")) spec.instance = f->value.text;
  if (const facts::Fact* f = facts.find("instance.api_name")) spec.api_name = f->value.text;
  if (const facts::Fact* f = facts.find("region")) spec.region = f->value.text;
  if (spec.provider.empty() || spec.api_name.empty() || spec.region.empty()) {
    diags.error("terraform.incomplete", decl.name_range,
                fmt::format("cloud '{}' needs provider, instance (with an api_name) and region to compile to Terraform",
                            decl.name));
    return std::nullopt;
  }
  // `check` rejects any other provider; with --force the spec still gets here.
  if (auto kind = provider_named(spec.provider)) {
    spec.provider_kind = *kind;
  } else {
    const facts::Fact* declared = facts.find("provider");
    diags.error("terraform.unknown-provider", declared && declared->origin.range.valid() ? declared->origin.range : decl.name_range,
                fmt::format("cloud '{}' names provider '{}', which the Terraform backend cannot emit", decl.name,
                            spec.provider))
        .hint = "the backend emits modules for aws, azure and alicloud";
    return std::nullopt;
  }

  double nodes = facts.quantity("nodes").value_or(units::Quantity::number(1)).value;
  if (nodes < 1 || nodes > max_count(spec.provider)) {
    auto& d = diags.error("terraform.count-unsupported", range_of(decl, "count"),
                          fmt::format("count = {} cannot be placed as one {} cluster (this backend allows 1 to {})",
                                      nodes, spec.provider, max_count(spec.provider)));
    d.declaration = decl.name;
    d.hint = "split the deployment into several cloud declarations";
  }
  spec.count = static_cast<int>(std::clamp(nodes, 1.0, 1e6));

  spec.zone = string_property(decl.body, "zone");
  spec.image = string_property(decl.body, "image");
  spec.ssh_user = string_property(decl.body, "ssh_user");
  if (auto kind = facts.symbol("storage.data.kind")) spec.data_kind = *kind;  // the data disk's limits depend on it
  if (auto q = facts.quantity("storage.system.capacity")) spec.system_gib = disk_gib(q->value, spec, true, decl, diags);
  spec.local_nvme = symbol_property(decl.body, "storage.data") == "local_nvme";
  // Data on the instance's own drives is no disk to create: declared (local_nvme), or the
  // fact model's default for an instance with local NVMe and no data disk (storage.data.local).
  const facts::Fact* on_local = facts.find("storage.data.local");
  const bool no_data_disk = spec.local_nvme || (on_local && on_local->value.boolean);
  if (auto q = facts.quantity("storage.data.capacity"); q && !no_data_disk) {
    spec.data_gib = disk_gib(q->value, spec, false, decl, diags);
  }
  if (spec.local_nvme) {
    auto local = facts.quantity("storage.local.capacity");
    if (!local || local->value <= 0) {
      auto& d = diags.error("terraform.no-local-nvme", range_of(decl, "storage.data"),
                            fmt::format("{} has no local NVMe drives to keep the data on", spec.api_name));
      d.declaration = decl.name;
      d.hint = "declare a data volume instead, e.g. `data = 2 TiB; data_kind = nvme`";
    }
  }
  if (auto mode = symbol_property(decl.body, "access.ssh")) {
    spec.access = *mode == "public_ip" ? Access::PublicIp : *mode == "existing_network" ? Access::ExistingNetwork
                                                                                        : Access::Bastion;
  }
  spec.ssh_from = string_list(decl.body, "access.from");
  if (const ast::Property* p = facts::find_property(decl.body, "access.bandwidth"); p && p->value) {
    if (auto v = facts::literal_value(*p->value); v && v->type == facts::Value::Type::Quantity) {
      spec.bandwidth_mbps = v->quantity.value * 8 / 1e6;  // bytes per second
    }
  }
  spec.pricing = symbol_property(decl.body, "pricing").value_or("on_demand");
  if (const facts::Fact* f = facts.find("network.fabric")) {
    spec.efa = f->value.text == "efa";
    spec.infiniband = f->value.text == "infiniband";
  }
  if (auto cards = facts.quantity("instance.network_cards")) {
    spec.network_cards = std::max(1, units::checked_integer<int>(cards->value).value_or(1));
    spec.network_cards_known = true;
  }
  if (auto vcpus = facts.quantity("cpu.vcpus")) spec.vcpus = vcpus->value;
  // An EFA type without its network card count gets one EFA device, on card 0: unknown
  // is not "one card", so say what the module does.
  if (spec.efa && !spec.network_cards_known) {
    auto& d = diags.report("terraform.efa-cards-unknown", Severity::Warning, range_of(decl, "instance"),
                           fmt::format("the catalog gives no network_cards for {}: the launch template has one EFA "
                                       "device, on network card 0, instead of one per card",
                                       spec.api_name));
    d.declaration = decl.name;
    d.hint = "add `network_cards` to the instance's catalog entry (EC2 DescribeInstanceTypes, NetworkInfo.NetworkCards)";
  }

  if (spec.provider == "azure" && spec.image) {
    if (std::count(spec.image->begin(), spec.image->end(), ':') != 3) {
      auto& d = diags.error("terraform.invalid-image", range_of(decl, "image"),
                            "an Azure image must be a URN 'publisher:offer:sku:version'");
      d.declaration = decl.name;
    }
  }
  if (spec.provider == "alicloud" && spec.data_kind == "hdd") {
    auto& d = diags.report("terraform.disk-kind", Severity::Warning, range_of(decl, "storage.data_kind"),
                           "Alibaba Cloud GPU instances take ESSD cloud disks; the data disk is emitted as cloud_essd");
    d.declaration = decl.name;
  }

  if (const ast::Block* tags = facts::find_block(decl.body, "tags")) {
    for (const auto& item : tags->body.items) {
      if (const auto* p = std::get_if<ast::Property>(&item); p && p->value) {
        if (const auto* s = p->value->as<ast::StringLit>()) spec.tags.emplace_back(p->key, s->value);
      }
    }
    std::sort(spec.tags.begin(), spec.tags.end());
  }
  if (diags.error_count() > errors_before) return std::nullopt;
  return spec;
}

}  // namespace gpuspec::terraform
