// The facts a candidate's catalog parts fix, for the prunes to ask the pack's rules
// before the candidate is a spec (RuleView::violated). Each part's facts are set by the
// fact resolvers' own functions (facts/fact_builder.h: add_gpu_facts, add_chassis_facts,
// ...), so a catalog property becomes exactly the fact a server's resolution makes of it;
// the search's own choices (gpu_link, cooling, psu_mode) are set as a spec declares them.
// Layered, as the search chooses from the outside in: a frame's GPUs and chassis over
// the workload's facts, a variant's link and cooling over the frame's, a fill's CPUs,
// DIMMs and PSUs over those. A fact no part fixes yet (the CPUs of a frame, the power load
// before the PSUs) is absent: a rule that needs it is Unknown and prunes nothing.
#pragma once

#include <string_view>

#include "facts/fact.h"
#include "facts/fact_builder.h"
#include "sema/program.h"

namespace gpuspec::suggest {

class PartFacts {
 public:
  // An empty layer over `base` (the workload's facts, or another part's layer), which
  // must outlive it.
  PartFacts(const sema::Program& program, const facts::FactSet& base)
      : program_(program), facts_(facts::FactSet::layered_on(base)) {}
  PartFacts(const PartFacts&) = delete;
  PartFacts& operator=(const PartFacts&) = delete;

  // `gpu = count x gpu` and `chassis = chassis`: gpu.*, chassis.*.
  PartFacts& gpus(const sema::DeclEntry& gpu, int count);
  // `nodes = nodes` over the GPUs set by gpus(gpu, ...): nodes, gpu.count_total (the
  // resolvers' own add_gpu_total; `unit` is "node" or "instance").
  PartFacts& nodes(const sema::DeclEntry& gpu, int nodes, std::string_view unit);
  PartFacts& chassis(const sema::DeclEntry& chassis);
  // `gpu_link = link` (none for one GPU: the schema's default, which no prune reads) and
  // `cooling = cooling`: gpu.link, cooling.kind.
  PartFacts& variant(std::string_view link, std::string_view cooling);
  // `site.region = region` (none when empty: the schema's default): site.region.
  PartFacts& site(std::string_view region);
  // A server's `budget = amount`: deploy.kind (onprem) and budget.
  PartFacts& server_budget(const units::Quantity& budget);
  // `cpu = sockets x cpu`, `memory = count x dimm`, `psu = count x psu` with
  // `psu_mode = mode`: cpu.*, memory.*, psu.*.
  PartFacts& cpus(const sema::DeclEntry& cpu, int sockets);
  PartFacts& dimms(const sema::DeclEntry& dimm, int count);
  PartFacts& psus(const sema::DeclEntry& psu, int count, std::string_view mode);
  // The node's GPUs, drives and NICs over the CPUs' layer (cpu.pcie_lanes_total): pcie.*
  // (the resolvers' own add_pcie_facts, which needs the GPUs).
  PartFacts& pcie(const facts::PcieDevices& devices);

  const facts::FactSet& facts() const { return facts_; }

 private:
  const sema::Program& program_;
  facts::FactSet facts_;
};

}  // namespace gpuspec::suggest
