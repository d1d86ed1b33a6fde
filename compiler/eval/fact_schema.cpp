// The built-in fact schema: one row per fact that compiler/facts resolves
// (fact_builder.cpp, resolve_server.cpp, resolve_cloud.cpp, resolve_workload.cpp).
// Allowed symbols are read from the sema property schemas the facts come from, so
// a symbol added to a spec property is at once a symbol policies may compare with.
#include "eval/fact_schema.h"

#include <algorithm>

#include "sema/schema.h"

namespace gpuspec::eval {

namespace {

using units::Dimension;
using Kind = FactType::Kind;

// The symbols a sema property allows: `path` is dotted through nested blocks
// ("site.region", "storage.data.raid"). Symbol types of every alternative are merged.
std::vector<std::string_view> schema_symbols(std::string_view kind, std::string_view path) {
  const sema::KindSchema* schema = sema::find_kind(kind);
  if (!schema) return {};
  const sema::BlockSchema* block = &schema->body;
  while (true) {
    auto dot = path.find('.');
    const sema::PropertySchema* property = block->find(path.substr(0, dot));
    if (!property) return {};
    if (dot == std::string_view::npos) {
      std::vector<std::string_view> symbols;
      for (const auto& type : property->types) {
        if (type.kind != sema::ValueKind::Symbol && type.kind != sema::ValueKind::VersionedSymbol) continue;
        for (auto s : type.symbols) {
          if (std::find(symbols.begin(), symbols.end(), s) == symbols.end()) symbols.push_back(s);
        }
      }
      return symbols;
    }
    const sema::BlockSchema* next = nullptr;
    for (const auto& type : property->types) {
      if (type.kind == sema::ValueKind::Block) next = type.block;
    }
    if (!next) return {};
    block = next;
    path.remove_prefix(dot + 1);
  }
}

FactType from(std::string_view kind, std::string_view path) { return FactType::symbol(schema_symbols(kind, path)); }

// Union of several properties' symbols: a fact a server and a cloud both resolve.
FactType merged(std::vector<FactType> types, std::vector<std::string_view> extra = {}) {
  std::vector<std::string_view> symbols = std::move(extra);
  for (const auto& t : types) {
    for (auto s : t.symbols) {
      if (std::find(symbols.begin(), symbols.end(), s) == symbols.end()) symbols.push_back(s);
    }
  }
  return FactType::symbol(std::move(symbols));
}

FactType q(Dimension d) { return FactType::quantity(d); }
FactType num() { return FactType::number(); }
FactType sym() { return FactType::symbol(); }
FactType str() { return FactType::string(); }
FactType flag() { return FactType::flag(); }
FactType any() { return FactType::any(); }

FactSchema build() {
  FactSchema s;
  // Deployment and site.
  s.add("deploy.kind", FactType::symbol({"onprem", "cloud"}), "onprem for a server, cloud for a cloud deployment");
  s.add("nodes", num(), "nodes of a server, instances of a cloud deployment");
  s.add("budget", q(Dimension::money_amount()), "declared budget");
  s.add("uptime", from("server", "uptime"), "how the server runs");
  s.add("site.region", from("server", "site.region"), "where the hardware is installed");
  s.add("site.currency", from("server", "site.currency"), "currency for quotes");
  s.add("site.pue", num(), "power usage effectiveness of the site");
  s.add("site.max_gpu_temp", q(Dimension::temperature()), "GPU temperature the cooling is designed to hold");

  // GPUs (servers and cloud instances alike).
  s.add("gpu.count", num(), "GPUs per node");
  s.add("gpu.count_total", num(), "GPUs over every node");
  s.add("gpu.model", sym(), "the GPU's catalog entry");
  s.add("gpu.vram", q(Dimension::data()), "memory per GPU");
  s.add("gpu.vram_total", q(Dimension::data()), "memory of every GPU in a node");
  s.add("gpu.board_power", q(Dimension::power()), "board power per GPU");
  s.add("gpu.board_power_total", q(Dimension::power()), "board power of every GPU in a node");
  s.add("gpu.memory_type", from("gpu", "memory_type"));
  s.add("gpu.memory_bandwidth", q(Dimension::bandwidth()));
  s.add("gpu.class", from("gpu", "class"));
  s.add("gpu.ecc", flag());
  s.add("gpu.nvlink", from("gpu", "nvlink"), "GPU-to-GPU link the card can use");
  s.add("gpu.nvlink_bandwidth", q(Dimension::bandwidth()));
  s.add("gpu.arch", from("gpu", "arch"));
  s.add("gpu.form_factor", from("gpu", "form_factor"));
  s.add("gpu.fp16_tflops", q(Dimension::compute()));
  s.add("gpu.tf32_tflops", q(Dimension::compute()));
  s.add("gpu.fp8_tflops", q(Dimension::compute()));
  s.add("gpu.mig", num());
  s.add("gpu.fp8", flag(), "FP8 tensor cores");
  s.add("gpu.link", merged({from("server", "gpu_link"), from("instance", "gpu_link")}), "how GPUs in a node are linked");

  // CPUs.
  s.add("cpu.sockets", num());
  s.add("cpu.model", sym());
  for (const char* n : {"cores", "threads", "memory_channels", "pcie_lanes", "cores_total", "threads_total",
                        "memory_channels_total", "vcpus"}) {
    s.add(std::string("cpu.") + n, num());
  }
  s.add("cpu.base_clock", q(Dimension::frequency()));
  s.add("cpu.boost_clock", q(Dimension::frequency()));
  s.add("cpu.memory_type", from("cpu", "memory_type"));
  s.add("cpu.memory_speed", q(Dimension::transfer_rate()));
  s.add("cpu.tdp", q(Dimension::power()));
  s.add("cpu.tdp_total", q(Dimension::power()));

  // Memory.
  s.add("memory.dimms", num());
  s.add("memory.model", sym());
  s.add("memory.dimm_size", q(Dimension::data()));
  s.add("memory.type", from("memory", "type"));
  s.add("memory.speed", q(Dimension::transfer_rate()));
  s.add("memory.ecc", flag());
  s.add("memory.total", q(Dimension::data()), "system memory of a node");

  // Storage volumes of a server; a cloud declares capacities (and a data disk class).
  for (std::string volume : {"system", "data", "checkpoint"}) {
    std::string p = "storage." + volume + ".";
    s.add(p + "present", flag());
    s.add(p + "drives", num());
    s.add(p + "model", sym());
    s.add(p + "raid", from("server", "storage.data.raid"));
    s.add(p + "kind", merged({from("disk", "kind"), from("cloud", "storage.data_kind")}));
    s.add(p + "interface", from("disk", "interface"));
    s.add(p + "class", from("disk", "class"));
    s.add(p + "form", from("disk", "form"));
    s.add(p + "capacity", q(Dimension::data()), "usable capacity after RAID");
    s.add(p + "read_bw", q(Dimension::bandwidth()), "sequential read after RAID striping");
  }
  s.add("storage.local.capacity", q(Dimension::data()), "cloud instance storage");
  s.add("storage.archive.present", flag());
  s.add("storage.archive.kind", merged({from("server", "storage.archive"), from("disk", "kind")}));

  // Power and cooling.
  s.add("psu.count", num());
  s.add("psu.model", sym());
  s.add("psu.unit_capacity", q(Dimension::power()));
  s.add("psu.efficiency", from("psu", "efficiency"));
  s.add("psu.capacity", q(Dimension::power()), "sum over all PSUs");
  s.add("psu.capacity_one_failed", q(Dimension::power()), "capacity with one PSU failed");
  s.add("psu.mode", from("server", "psu_mode"));
  s.add("power.other", q(Dimension::power()), "draw of everything besides GPUs and CPUs");
  s.add("power.full_load", q(Dimension::power()), "GPUs + CPUs + other");
  s.add("cooling.kind", from("server", "cooling"));
  s.add("chassis.model", sym());
  s.add("chassis.form", from("chassis", "form"));
  s.add("chassis.max_gpus", num());
  s.add("chassis.gpu_form", from("chassis", "gpu_form"));

  // Network.
  s.add("network.fabric", merged({from("server", "network.fabric")}, {"efa"}));
  s.add("network.bandwidth", q(Dimension::bandwidth()));
  s.add("network.nic.count", num());
  s.add("network.nic.model", sym());
  s.add("network.nic.fabric", any(), "a fabric or a list of fabrics (VPI adapters)");
  s.add("network.nic.bandwidth", q(Dimension::bandwidth()));
  s.add("network.rdma", flag(), "InfiniBand, RoCE or EFA");

  // Software and acceptance, as a server declares them (versioned symbols keep their version).
  for (std::string prefix : {"software.", "workload.software."}) {
    s.add(prefix + "os", any(), "e.g. ubuntu@22.04, or linux");
    s.add(prefix + "framework", any(), "e.g. pytorch@2.3, or a list");
    s.add(prefix + "cuda", str());
    s.add(prefix + "driver", str());
    s.add(prefix + "containers", any(), "a runtime or a list of runtimes");
    s.add(prefix + "monitoring", any(), "a tool or a list of tools");
    s.add(prefix + "distributed", any(), "a framework or a list of frameworks");
  }
  s.add("workload.software.os.name", from("workload", "software.os"));
  s.add("workload.software.os.version", str());
  s.add("workload.software.framework.name", sym());
  s.add("workload.software.framework.version", str());
  s.add("acceptance.burn_in", q(Dimension::duration()));
  s.add("acceptance.benchmark", any());
  s.add("acceptance.rdma_test", from("server", "acceptance.rdma_test"));

  // Cloud deployments.
  s.add("provider", from("cloud", "provider"));
  s.add("region", str(), "provider region, e.g. \"us-east-1\"");
  s.add("duration", q(Dimension::duration()));
  s.add("utilization", num(), "share of the duration the instances are up (60% = 0.6)");
  s.add("instance.model", sym());
  s.add("instance.api_name", str());
  s.add("instance.provider", from("instance", "provider"));
  s.add("instance.regions", FactType::list_of(str()));
  s.add("instance.network_cards", num());

  // The workload: every declared property, the schema defaults, and the estimator.
  s.add("workload.name", sym());
  s.add("workload.model", sym());
  for (const char* n : {"task", "precision", "method", "optimizer", "sharding", "recompute", "stage", "data",
                        "preprocessing"}) {
    s.add(std::string("workload.") + n, from("workload", n));
  }
  for (const char* n : {"params", "layers", "hidden", "heads", "kv_heads", "seq_len", "tensor_parallel", "batch_size",
                        "samples", "checkpoint_every"}) {
    s.add(std::string("workload.") + n, num());
  }
  s.add("workload.dataset", q(Dimension::data()));
  s.add("workload.horizon", q(Dimension::duration()));
  s.add("workload.duration", q(Dimension::duration()));
  s.add("workload.first_project", flag());
  s.add("workload.budget", q(Dimension::money_amount()));
  for (const char* n : {"weights", "gradients", "optimizer", "activations", "kv_cache", "per_gpu", "total",
                        "model_weights"}) {
    s.add(std::string("workload.mem.") + n, q(Dimension::data()), "estimator");
  }
  s.add("workload.mem.shape_known", flag(), "activations are included in the estimate");

  // The quote backend.
  s.add("cost.capex", q(Dimension::money_amount()));
  s.add("cost.hourly", q(Dimension::money_rate()));
  s.add("cost.total_over_horizon", q(Dimension::money_amount()));
  s.add("cost.breakeven_months", q(Dimension::duration()), "time until buying beats renting");
  s.add("cost.complete", flag(), "every price of the judged figure is known (else the cost.* amounts are lower bounds)");
  s.add("cost.completeness", sym(), "\"every price is known\", or \"a lower bound (N items unpriced: ...)\"");
  s.add("cost.price_age", q(Dimension::duration()), "age of the oldest price or rate the quote used (gpuspec quote only)");
  s.add("cost.oldest_price", sym(), "the price-book entry cost.price_age is for");

  // Compatibility data and plans (compiler/facts/resolve_compat.cpp): the software
  // stack is the deployment's own, else the served workload's.
  s.add("software.os_family", FactType::symbol({"linux", "windows"}), "the operating system's family");
  s.add("software.containerized", flag(), "a container runtime other than none is declared");
  s.add("software.monitored", flag(), "a GPU monitoring tool other than none is declared");
  s.add("software.framework_name", from("server", "software.framework"), "the framework checked for CUDA compatibility");
  s.add("software.framework_version", sym(), "e.g. 2.3 (a symbol, printed bare)");
  s.add("software.framework_known", flag(), "the stdlib has a framework_release entry for it");
  s.add("software.framework_cuda", FactType::list_of(sym()), "CUDA versions the framework release is built for");
  s.add("software.cuda_version", sym(), "the declared CUDA toolkit version");
  s.add("software.cuda_supported_by_framework", flag(), "the CUDA version is one the framework release is built for");
  s.add("software.arch_min_cuda", sym(), "first CUDA version supporting gpu.arch (cuda_arch entry)");
  s.add("software.cuda_supports_arch", flag(), "the CUDA version is >= the architecture's min_cuda");
  s.add("gpu.export_restricted", flag(), "an export_restriction entry lists gpu.model for site.region");
  s.add("gpu.export_rule", sym(), "the most recent export_restriction entry listing the GPU");
  s.add("gpu.export_since", sym(), "the date that rule took effect");
  s.add("gpu.export_alternatives", FactType::list_of(sym()), "alternatives that rule suggests");
  s.add("acceptance.burn_in_planned", flag(), "acceptance.burn_in is declared");
  s.add("acceptance.purchase_benchmark", flag(), "acceptance.benchmark includes mlperf or torchbench");
  s.add("workload.checkpointing", flag(), "the served workload declares checkpoint_every");
  s.add("workload.dataset_known", flag(), "the served workload declares its dataset size");
  return s;
}

}  // namespace

std::string type_name(const FactType& type) {
  switch (type.kind) {
    case Kind::Quantity:
      return type.dimension.dimensionless() ? "a number" : units::dimension_name(type.dimension);
    case Kind::Symbol: return "a symbol";
    case Kind::String: return "a string";
    case Kind::Bool: return "a boolean";
    case Kind::List: return "a list";
    case Kind::Any: return "any value";
  }
  return "any value";
}

const FactSchema& FactSchema::builtin() {
  static const FactSchema schema = build();
  return schema;
}

void FactSchema::add(std::string name, FactType type, std::string_view doc) {
  for (auto& e : entries_) {
    if (e.name == name) {
      e = {std::move(name), std::move(type), doc};
      return;
    }
  }
  entries_.push_back({std::move(name), std::move(type), doc});
}

const FactSchemaEntry* FactSchema::find(std::string_view name) const {
  for (const auto& e : entries_) {
    if (e.name == name) return &e;
  }
  return nullptr;
}

std::vector<std::string_view> FactSchema::names() const {
  std::vector<std::string_view> out;
  out.reserve(entries_.size());
  for (const auto& e : entries_) out.push_back(e.name);
  return out;
}

}  // namespace gpuspec::eval
