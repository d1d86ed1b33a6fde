// Internal to fact resolution: small helpers that set facts with their origins.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "facts/fact.h"
#include "facts/properties.h"
#include "sema/program.h"

namespace gpuspec::facts {

class FactBuilder {
 public:
  FactBuilder(const sema::Program& program, const ast::Declaration& decl, FactSet& facts)
      : program_(program), decl_(decl), facts_(facts) {}

  const sema::Program& program() const { return program_; }
  const ast::Declaration& decl() const { return decl_; }
  FactSet& facts() { return facts_; }
  // The file the declaration is in, when the caller knows it (resolve_facts): parts of a
  // server's facts are memoized by the text they read (ServerPartMemo).
  const sema::LoadedFile* file() const { return file_; }
  void set_file(const sema::LoadedFile* file) { file_ = file; }

  // The declared value of `path` as fact `name`; returns whether it was present.
  // Each takes the fact as a key resolved once ("gpu.count"_fact, fact_key.h).
  bool declared(FactKey name, std::string_view path);
  // Like declared, but a `default_value` (with the schema's default as origin) when absent.
  void declared_or_default(FactKey name, std::string_view path, Value default_value, Explanation why);
  // Catalog property `property` of `entry` as fact `name`.
  bool catalog(FactKey name, const sema::DeclEntry& entry, std::string_view property);
  void derived(FactKey name, Value value, SourceRange range, Explanation explanation);
  // A name built at run time: resolved on each call.
  bool declared(std::string_view name, std::string_view path) { return declared(fact_key(name), path); }
  bool catalog(std::string_view name, const sema::DeclEntry& entry, std::string_view property) {
    return catalog(fact_key(name), entry, property);
  }
  void derived(std::string_view name, Value value, SourceRange range, Explanation explanation) {
    derived(fact_key(name), std::move(value), range, std::move(explanation));
  }

  std::optional<Counted> counted(std::string_view path) const;

 private:
  const sema::Program& program_;
  const ast::Declaration& decl_;
  FactSet& facts_;
  const sema::LoadedFile* file_ = nullptr;
};

// Adds gpu.*, cpu.*, memory.* facts from a counted part, each scaled by its count
// where it is a total. Shared by on-premises servers and cloud instances.
void add_gpu_facts(FactBuilder& b, const Counted& gpus, SourceRange spec_range);

// The facts of a server's catalog parts, each from its counted reference: chassis.*
// (resolve_topology.cpp), cpu.* and memory.* (resolve_server.cpp), psu.* with the
// psu.mode already set (resolve_power.cpp). Shared by the server resolver and suggest's
// prunes, which evaluate the rules on a candidate's parts before it is a spec
// (backends/suggest/part_facts.h): one mapping of catalog properties to facts.
void add_chassis_facts(FactBuilder& b, const Counted& chassis);
void add_cpu_facts(FactBuilder& b, const Counted& cpus);
void add_memory_facts(FactBuilder& b, const Counted& dimms);
void add_psu_facts(FactBuilder& b, const Counted& psus);

// network.bandwidth_per_gpu: network.node_bandwidth shared by the node's gpu.count GPUs
// (a server's NICs, a cloud instance's network bandwidth).
void add_bandwidth_per_gpu(FactBuilder& b);

// gpu.count_total: gpu.count per node (or instance) times `nodes` (1 when unset), at
// `at`; `unit` names what a node is in the explanation ("node", "instance"). Shared by
// servers, clouds and suggest's parallelism prune, which asks the rule on it.
void add_gpu_total(FactBuilder& b, SourceRange at, std::string_view unit);

// The devices of a node whose PCIe lanes count against the CPUs' (cpu.pcie-lanes): its
// GPUs, its drives (only NVMe drives take lanes; the others are skipped here) and its NICs.
struct PcieDevices {
  std::optional<Counted> gpus;
  std::vector<Counted> drives;
  std::optional<Counted> nics;
};
// pcie.switched (the chassis's pcie_switch, else false), and with GPUs pcie.gpu_lanes,
// pcie.lanes_needed and pcie.lanes_available over the cpu.* facts already set. Shared by
// the server resolver (resolve_topology.cpp) and suggest's lane prune, which asks the rule
// on a candidate's parts (backends/suggest/part_facts.h): one sum of the lanes.
void add_pcie_facts(FactBuilder& b, const PcieDevices& devices);

}  // namespace gpuspec::facts
