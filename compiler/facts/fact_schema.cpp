// The built-in fact schema: one row per fact that compiler/facts resolves
// (fact_builder.cpp, resolve_server.cpp, resolve_cloud.cpp, resolve_workload.cpp).
// Allowed symbols are read from the sema property schemas the facts come from, so
// a symbol added to a spec property is at once a symbol policies may compare with.
#include "facts/fact_schema.h"

#include "facts/fact_docs.h"

#include <algorithm>
#include <stdexcept>

#include "sema/schema.h"

namespace gpuspec::facts {

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
  s.add("gpu.compute_capability", sym(), "CUDA compute capability, e.g. 8.6 (a symbol, printed bare)");
  s.add("gpu.slot_width", num(), "expansion slots one card occupies");
  s.add("gpu.cooler", from("gpu", "cooler"), "the card's own cooling: passive or active");
  s.add("gpu.pcie_lanes", num(), "PCIe lanes of one card's host interface");
  s.add("gpu.baseboard", sym(), "the catalog baseboard that carries the SXM GPUs");
  s.add("gpu.baseboard_gpus", num(), "GPUs on that baseboard");
  s.add("gpu.baseboard_fabric", from("part", "fabric"), "link the baseboard carries (nvswitch, nvlink)");
  s.add("gpu.baseboard_system_power", q(Dimension::power()), "the vendor's published maximum for a system on that board");
  s.add("gpu.arch_bf16", flag(), "the GPU's compute capability has BF16 tensor cores (cuda_arch)");
  s.add("gpu.arch_fp8", flag(), "the GPU's compute capability has FP8 tensor cores (cuda_arch)");
  s.add("gpu.markets", FactType::list_of(from("server", "site.region")),
        "the site regions the card is sold in, when the catalog restricts them (a China-market card: [cn])");

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
  s.add("cpu.max_power", q(Dimension::power()), "highest sustained package power (maximum turbo power, PPT), else tdp");
  s.add("cpu.max_power_total", q(Dimension::power()), "cpu.max_power of every socket");
  s.add("cpu.pcie_lanes_total", num(), "PCIe lanes of every socket");
  s.add("cpu.chipset_lanes", num(), "PCIe lanes of the platform's chipset, behind its link to the CPUs");
  s.add("cpu.memory_forms", FactType::list_of(from("memory", "form")), "DIMM types the platform takes");
  s.add("cpu.dimms_per_channel", num(), "most DIMMs one memory channel takes");
  s.add("cpu.socket", from("cpu", "socket"), "the CPU's socket");

  // The motherboard of a tower or workstation build (a barebone's own is not declared).
  s.add("motherboard.model", sym(), "the motherboard's catalog entry");
  s.add("motherboard.socket", from("motherboard", "socket"), "CPU socket of the board");
  s.add("motherboard.sockets", num(), "CPU sockets on the board");
  s.add("motherboard.form", from("motherboard", "form"), "board form factor");
  s.add("motherboard.memory_type", from("motherboard", "memory_type"), "DRAM generation the board's slots take");
  s.add("motherboard.memory_slots", num(), "DIMM slots on the board");
  s.add("motherboard.memory_forms", FactType::list_of(from("memory", "form")), "DIMM types the board takes");

  // Memory.
  s.add("memory.dimms", num());
  s.add("memory.model", sym());
  s.add("memory.dimm_size", q(Dimension::data()));
  s.add("memory.type", from("memory", "type"));
  s.add("memory.speed", q(Dimension::transfer_rate()));
  s.add("memory.ecc", flag());
  s.add("memory.form", from("memory", "form"), "module type: rdimm, udimm, lrdimm");
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
    s.add(p + "write_bw", q(Dimension::bandwidth()), "sequential write after RAID striping");
  }
  s.add("storage.local.capacity", q(Dimension::data()), "cloud instance storage");
  s.add("storage.data.local", flag(), "cloud: the data volume is the instance's local NVMe, not a data disk");
  s.add("storage.local.drives", num(), "local NVMe SSDs of a cloud instance");
  s.add("storage.local.kind", FactType::symbol({"nvme"}), "nvme when the instance has local NVMe");
  s.add("storage.local.nvme_capacity", q(Dimension::data()), "local NVMe of a cloud instance: drives x size");
  s.add("storage.archive.present", flag());
  s.add("storage.archive.kind", merged({from("server", "storage.archive"), from("disk", "kind")}));

  // Power and cooling.
  s.add("psu.count", num());
  s.add("psu.model", sym());
  s.add("psu.unit_capacity", q(Dimension::power()));
  s.add("psu.efficiency", from("psu", "efficiency"));
  s.add("psu.form_factor", from("psu", "form_factor"), "atx, sfx, crps, m_crps or oem_module");
  s.add("psu.hot_swap", flag(), "a hot-swap module that shares the load with its peers (can run N+1 or on two feeds)");
  s.add("psu.module_family", str(), "whose hot-swap module the supply is (\"Supermicro\")");
  s.add("psu.capacity", q(Dimension::power()), "sum over all PSUs");
  s.add("psu.capacity_one_failed", q(Dimension::power()), "capacity with one PSU failed");
  s.add("psu.mode", from("server", "psu_mode"));
  s.add("psu.capacity_carrying", q(Dimension::power()), "capacity of the PSUs that carry the load (N+1: all but the spare)");
  s.add("psu.capacity_after_failure", q(Dimension::power()), "capacity left when the redundancy is used (one PSU, or one feed, lost)");
  s.add("psu.carrying", sym(), "which PSUs carry the load, in words");
  s.add("psu.failover", sym(), "what psu_mode leaves when a PSU or a feed fails, in words");
  s.add("power.gpus", q(Dimension::power()), "board power of every GPU");
  s.add("power.cpus", q(Dimension::power()), "maximum power of every CPU");
  s.add("power.memory", q(Dimension::power()), "every DIMM, when the catalog has its power");
  s.add("power.storage", q(Dimension::power()), "every drive, when the catalog has their power");
  s.add("power.network", q(Dimension::power()), "every NIC, when the catalog has its power");
  s.add("power.other", q(Dimension::power()), "fans, board and the parts without a catalog power figure");
  s.add("power.components", q(Dimension::power()), "the sum of the terms above");
  s.add("power.system_max", q(Dimension::power()), "the vendor's published maximum for this complete (HGX) system");
  s.add("power.full_load", q(Dimension::power()), "power.components, or power.system_max when that is higher");
  s.add("power.breakdown", sym(), "the terms of power.full_load, in words");
  s.add("cooling.kind", from("server", "cooling"));
  s.add("chassis.model", sym());
  s.add("chassis.form", from("chassis", "form"));
  s.add("chassis.max_gpus", num());
  s.add("chassis.gpu_form", from("chassis", "gpu_form"));
  s.add("chassis.sxm_socket", from("chassis", "sxm_socket"));
  s.add("chassis.cpu_socket", from("chassis", "cpu_socket"));
  s.add("chassis.cpu_sockets_required", num(),
        "CPU sockets of a barebone's board that must be populated for all its GPU, NIC and DIMM slots");
  s.add("chassis.baseboard_gpus", num(), "GPUs on the HGX baseboard an SXM system is built around");
  s.add("chassis.baseboard_fabric", from("chassis", "baseboard_fabric"), "how that board links its GPUs");
  s.add("chassis.cpu_model", sym(), "the CPU a complete system is sold with");
  s.add("chassis.cpu_sockets", num(), "how many of them it is sold with");
  s.add("chassis.psu_slots", num(), "power supply bays");
  s.add("chassis.psu_forms", FactType::list_of(from("psu", "form_factor")), "PSU form factors the bays take");
  s.add("chassis.psu_modules", FactType::list_of(str()), "whose hot-swap modules the bays take");
  s.add("chassis.expansion_slots", num(), "slot openings for add-in cards (towers)");
  s.add("chassis.max_gpu_width", num(), "widest GPU the GPU bays take, in slots");
  s.add("chassis.pcie_switch", flag(), "GPUs and NICs sit behind PCIe switches");
  s.add("chassis.board", from("chassis", "board"), "largest motherboard form factor");
  s.add("chassis.airflow", from("chassis", "airflow"), "fan layout");
  s.add("gpu.nvlink_domain", num(),
        "GPUs that share NVLink: the node (NVSwitch, or SXM modules on one board), 2 (a bridged PCIe pair), else 1");
  s.add("deploy.reads_data", flag(),
        "the deployment reads a data set: its workload trains or declares dataset/samples, or it serves none");
  s.add("pcie.switched", flag(), "the devices do not each take CPU lanes (chassis.pcie_switch)");
  s.add("pcie.lanes_needed", num(), "PCIe lanes of the GPUs, NVMe drives and NICs with a lane count");
  s.add("pcie.gpu_lanes", num(), "PCIe lanes of the GPUs, which need the CPU's own lanes");
  s.add("pcie.lanes_available", num(), "the CPUs' lanes and the chipset's (when the catalog has them)");

  // Network.
  s.add("network.fabric", merged({from("server", "network.fabric")}, {"efa"}));
  s.add("network.bandwidth", q(Dimension::bandwidth()));
  s.add("network.nic.count", num());
  s.add("network.nic.model", sym());
  s.add("network.nic.fabric", any(), "a fabric or a list of fabrics (VPI adapters)");
  s.add("network.nic.bandwidth", q(Dimension::bandwidth()));
  s.add("network.rdma", flag(), "InfiniBand, RoCE or EFA");
  s.add("network.nic.ports", num(), "ports of one NIC");
  s.add("network.node_bandwidth", q(Dimension::bandwidth()), "line rate of a node's NIC ports (else network.bandwidth)");
  s.add("network.bandwidth_per_gpu", q(Dimension::bandwidth()), "network.node_bandwidth / gpu.count");
  s.add("network.fabric_ports", num(), "NIC ports the fabric connects: nodes x NICs x ports");
  s.add("network.switch.count", num());
  s.add("network.switch.model", sym());
  s.add("network.switch.ports_total", num(), "ports of every declared switch");

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
  // What `gpuspec probe` read each server property from (docs/probe.md): a fact's origin
  // names it when the fact describes that property (probed_origin.h).
  for (const char* key : {"gpu", "gpu_link", "cpu", "memory", "storage", "network", "psu", "software"}) {
    s.add(std::string("probed_from.") + key, str(), "the tool output the server's property was probed from");
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
  s.add("utilization", num(), "share of the hours the instances do the work (the Terraform module runs them every hour; the quote bills every hour and uses this for the on-premises side of a comparison) (60% = 0.6)");
  s.add("instance.model", sym());
  s.add("instance.api_name", str());
  s.add("instance.provider", from("instance", "provider"));
  s.add("instance.regions", FactType::list_of(str()));
  s.add("instance.network_cards", num());

  // The workload: every declared property, the schema defaults, and the estimator.
  s.add("workload.name", sym());
  s.add("workload.model", sym());
  for (const char* n : {"task", "precision", "method", "optimizer", "sharding", "recompute", "attention", "offload",
                        "stage", "data", "preprocessing"}) {
    s.add(std::string("workload.") + n, from("workload", n));
  }
  s.add("workload.trains", flag(), "the task and the method both train (not llm.inference, not method inference)");
  s.add("workload.trainable_params", num(), "parameters the method trains (LoRA adapters, unfrozen layers, all)");
  for (const char* n : {"params", "layers", "hidden", "heads", "kv_heads", "intermediate", "vocab", "seq_len",
                        "tensor_parallel", "pipeline_parallel", "data_parallel", "batch_size", "samples",
                        "checkpoint_every"}) {
    s.add(std::string("workload.") + n, num());
  }
  s.add("workload.parallel_gpus", num(),
        "GPUs one copy of the job takes: tensor_parallel x pipeline_parallel (x data_parallel when declared)");
  s.add("workload.lora.rank", num(), "LoRA adapter rank (default 8, LLaMA-Factory's lora_rank)");
  s.add("workload.lora.targets", any(), "the projections LoRA adapters wrap: all, or a list (default all)");
  s.add("workload.dataset", q(Dimension::data()));
  s.add("workload.horizon", q(Dimension::duration()));
  s.add("workload.duration", q(Dimension::duration()));
  s.add("workload.first_project", flag());
  s.add("workload.budget", q(Dimension::money_amount()));
  for (const char* n : {"weights", "gradients", "optimizer", "activations", "workspace", "kv_cache", "overhead",
                        "per_gpu", "total", "model_weights"}) {
    s.add(std::string("workload.mem.") + n, q(Dimension::data()), "estimator");
  }
  s.add("workload.mem.frugal_per_gpu", q(Dimension::data()),
        "the least one GPU can need: weights, trainable states, full-recompute activations");
  s.add("workload.mem.single_gpu", q(Dimension::data()), "typical estimate of the job on one GPU");
  s.add("workload.mem.per_gpu_zero2", q(Dimension::data()), "with zero3/fsdp: the estimate with zero2 instead");
  s.add("workload.mem.shape_known", flag(), "activations are included in the estimate");
  s.add("workload.mem.assumptions", sym(), "estimator inputs the workload did not set (printed bare)");
  s.add("workload.mem.setup", sym(),
        "method, precision and optimizer/sharding (training) or tensor parallelism (inference) (printed bare)");
  s.add("workload.mem.breakdown", sym(), "the per-GPU terms that hold bytes, as a sum (printed bare)");
  s.add("workload.mem.remedies", sym(), "settings not in effect that make the job fit (printed bare)");
  s.add("workload.mem.smaller_weights", sym(), "narrower weight storage not in effect, or empty (printed bare)");
  s.add("workload.mem.multi_gpu_settings", sym(),
        "a hint clause: sharding and offload settings not in effect, or empty (printed bare)");
  s.add("workload.mem.host_offload", q(Dimension::data()),
        "offload: host RAM per node for the offloaded states and buffers (DeepSpeed's estimators)");
  s.add("workload.mem.host_offload_states", q(Dimension::data()),
        "offload: host RAM per node the offloaded states (cpu) or pinned swap buffers (nvme) take at least");
  s.add("workload.mem.nvme_offload", q(Dimension::data()), "offload = nvme: NVMe per node for the offloaded states");

  // The quote backend.
  s.add("cost.capex", q(Dimension::money_amount()));
  s.add("cost.capex_high", q(Dimension::money_amount()), "the high end of the BOM total's range (of the priced parts)");
  s.add("cost.hourly", q(Dimension::money_rate()));
  s.add("cost.total_over_horizon", q(Dimension::money_amount()));
  s.add("cost.total_over_horizon_high", q(Dimension::money_amount()), "the high end of the cost over the horizon");
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
  s.add("software.framework_bundles_cuda", flag(), "the release's packages bring their own CUDA runtime");
  s.add("software.cuda_version", sym(), "the declared (system) CUDA toolkit version");
  s.add("software.compiles_cuda", flag(), "the stack compiles against the system toolkit (or loads its libraries)");
  s.add("software.toolkit_use", sym(), "what uses the system toolkit, in words");
  s.add("software.toolkit_fits_framework", flag(), "the system toolkit fits the framework release where the stack compiles against it");
  s.add("software.runtime_cuda", FactType::list_of(sym()), "CUDA versions the GPU kernels run on");
  s.add("software.arch_min_cuda", sym(), "first CUDA version supporting the GPU's compute capability (cuda_arch)");
  s.add("software.arch_last_cuda", sym(), "last CUDA major version supporting it");
  s.add("software.arch_cuda_range", sym(), "the CUDA versions that support it, in words (\">= 11.1\", \"9.0 to 12.x\")");
  s.add("software.cuda_supports_arch", flag(), "one of software.runtime_cuda supports the GPU's compute capability");
  s.add("software.driver_version", sym(), "the declared NVIDIA driver");
  s.add("software.driver_min", sym(),
        "oldest driver the runtime CUDA (cuda_driver) and the GPU's compute capability (cuda_arch min_driver) accept");
  s.add("software.driver_min_for", sym(), "what sets software.driver_min: \"CUDA [12.4]\" or \"compute capability 10.0\"");
  s.add("software.driver_supports_cuda", flag(), "the declared driver is at least software.driver_min");
  s.add("gpu.export_restricted", flag(), "an export_restriction entry lists gpu.model for site.region");
  s.add("gpu.export_rule", sym(), "the most recent export_restriction entry listing the GPU");
  s.add("gpu.export_since", sym(), "the date that rule took effect");
  s.add("gpu.export_alternatives", FactType::list_of(sym()), "alternatives that rule suggests");
  s.add("gpu.export_license_review", from("export_restriction", "license_review"), "how licence applications are reviewed under that rule");
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
  if (doc.empty()) doc = default_fact_doc(name);  // the echoed properties' docs (fact_docs.cpp)
  if (auto it = index_.find(name); it != index_.end()) {
    entries_[it->second] = {std::move(name), std::move(type), doc};
    return;
  }
  // FactId is 16 bits with one value reserved: far more than the ~190 facts there are.
  if (entries_.size() >= kNoFactId) throw std::length_error("too many facts in one schema");
  index_.emplace(name, static_cast<FactId>(entries_.size()));
  entries_.push_back({std::move(name), std::move(type), doc});
}

const FactSchemaEntry* FactSchema::find(std::string_view name) const {
  auto it = index_.find(name);
  return it == index_.end() ? nullptr : &entries_[it->second];
}

FactId FactSchema::id(std::string_view name) const {
  auto it = index_.find(name);
  return it == index_.end() ? kNoFactId : it->second;
}

std::vector<std::string_view> FactSchema::names() const {
  std::vector<std::string_view> out;
  out.reserve(entries_.size());
  for (const auto& e : entries_) out.push_back(e.name);
  return out;
}

}  // namespace gpuspec::facts
