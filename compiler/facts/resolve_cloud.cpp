// Facts of a `cloud` deployment: the instance type supplies the hardware facts, so
// policies written for servers apply unchanged.
#include <fmt/format.h>

#include "facts/fact_builder.h"

namespace gpuspec::facts {

void resolve_cloud_storage(FactBuilder& b, const sema::DeclEntry* instance);  // resolve_cloud_storage.cpp

void resolve_cloud(FactBuilder& b, const sema::DeclEntry* instance_override) {
  SourceRange at = b.decl().name_range;
  b.facts().set("deploy.kind"_fact, Value::symbol("cloud"), Origin{Origin::Kind::Declared, b.decl().kind_range, {}, {}});
  b.declared("provider"_fact, "provider");
  b.declared("region"_fact, "region");
  b.declared("duration"_fact, "duration");
  b.declared_or_default("utilization"_fact, "utilization", Value::number(1), "schema default (100%)");
  b.declared_or_default("nodes"_fact, "count", Value::number(1), "schema default");
  b.declared("budget"_fact, "budget");
  for (const char* key : {"os", "framework", "cuda", "driver", "containers", "monitoring", "distributed"}) {
    b.declared(std::string("software.") + key, std::string("software.") + key);
  }

  auto instance = b.counted("instance");
  if (instance && instance_override) instance->entry = instance_override;
  const bool is_instance = instance && instance->entry->decl->kind == "instance";
  resolve_cloud_storage(b, is_instance ? instance->entry : nullptr);
  if (!is_instance) return;
  const sema::DeclEntry& entry = *instance->entry;
  b.derived("instance.model"_fact, Value::symbol(entry.decl->name), instance->range, "the referenced catalog entry");
  b.catalog("instance.api_name"_fact, entry, "api_name");
  b.catalog("instance.provider"_fact, entry, "provider");
  b.catalog("instance.regions"_fact, entry, "regions");
  b.catalog("instance.network_cards"_fact, entry, "network_cards");
  if (const ast::Property* gpu = find_property(entry.decl->body, "gpu")) {
    if (auto gpus = counted_reference(b.program(), *gpu->value); gpus && gpus->entry->decl->kind == "gpu") {
      add_gpu_facts(b, *gpus, gpu->range);
    }
  }
  b.catalog("gpu.link"_fact, entry, "gpu_link");
  b.catalog("cpu.vcpus"_fact, entry, "vcpus");
  if (auto vcpus = b.facts().quantity("cpu.vcpus"_fact)) {
    // Cloud vCPUs are hyperthreads: two per physical core on these instance families.
    b.derived("cpu.cores_total"_fact, Value::number(vcpus->value / 2), instance->range,
              Explanation::format("{} vCPUs / 2 threads per core", vcpus->value));
  }
  b.catalog("memory.total"_fact, entry, "memory");
  b.catalog("network.bandwidth"_fact, entry, "network_bandwidth");
  b.catalog("network.node_bandwidth"_fact, entry, "network_bandwidth");
  add_bandwidth_per_gpu(b);
  b.catalog("storage.local.capacity"_fact, entry, "local_storage");
  bool infiniband = catalog_property(entry, "infiniband").value_or(CatalogFact{}).value.boolean;
  bool efa = catalog_property(entry, "efa").value_or(CatalogFact{}).value.boolean;
  b.derived("network.fabric"_fact, Value::symbol(infiniband ? "infiniband" : efa ? "efa" : "ethernet"), instance->range,
            "from the instance type's networking");
  // EFA (SRD) gives NCCL the kernel-bypass transport RDMA does.
  b.derived("network.rdma"_fact, Value::flag(infiniband || efa), instance->range, "InfiniBand or EFA on the instance type");
  add_gpu_total(b, at, "instance");
}

}  // namespace gpuspec::facts
