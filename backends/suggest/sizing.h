// Choosing the parts around a candidate's GPUs: the CPUs, DIMMs, data drives, NICs and
// PSUs a build needs, sized to the pack's thresholds and ordered by known price. The
// thresholds are the bounds the rules that reject put on the facts a part decides
// (RuleView::bounds, lint/bounds.h: memory.total, cpu.cores_total, memory.type and
// memory.speed, storage.data.capacity, storage.data.read_bw and write_bw,
// network.bandwidth_per_gpu, psu.capacity_carrying), asked by fact: a project's own
// stricter rule on one of them sizes the parts too, and a disabled rule sizes nothing. Sizing
// is not judging: every build is still checked by the full pack (judge.h), so a rule of
// a shape that gives no bound still rejects what these targets build. A choice a
// rule's bound excludes (too few cores, no DIMM count that fits) is counted against
// that rule, and only when the run lets the rule reject (RuleView::rejects).
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "backends/cost/price_book.h"
#include "backends/suggest/build.h"
#include "backends/suggest/catalog.h"
#include "backends/suggest/part_verdicts.h"
#include "backends/suggest/rule_view.h"
#include "backends/suggest/tally.h"
#include "backends/suggest/workload_view.h"
#include "facts/fact.h"

namespace gpuspec::suggest {

// How much of a choice's price is known: the priced sum and how many parts have no
// price. Choices that go against fewer infos' advice come first (what the pack advises,
// tried before what it only tolerates), then those with fewer unknowns (their figure
// says more), then the cheaper known sum; a missing price is never read as zero.
struct PriceKey {
  int advised_against = 0;
  int unpriced = 0;
  double known = 0;
  bool operator<(const PriceKey& o) const {
    if (advised_against != o.advised_against) return advised_against < o.advised_against;
    return unpriced != o.unpriced ? unpriced < o.unpriced : known < o.known;
  }
};

// Unit prices of new parts in the search's currency, looked up once each.
class PartPrices {
 public:
  PartPrices(const sema::Program& program, const cost::PriceBook& book, std::string region, units::Currency currency)
      : program_(program), book_(book), region_(std::move(region)), currency_(currency) {}
  std::optional<double> unit(const sema::DeclEntry& part);
  void add(PriceKey& key, const sema::DeclEntry* part, double count);

 private:
  const sema::Program& program_;
  const cost::PriceBook& book_;
  std::string region_;
  units::Currency currency_;
  std::map<const sema::DeclEntry*, std::optional<double>> cache_;
};

// What sizing reads besides the catalog.
struct SizingContext {
  const sema::Program& program;  // resolves catalog references (a system's own CPUs)
  const Catalog& catalog;
  const RuleView& rules;
  const WorkloadView& workload;
  PartPrices& prices;
  Tally& tally;
  PartVerdicts& verdicts;  // the part checks' verdicts asked so far in the search
};

// The system drive (the cheapest NVMe drive known) and, per NVMe drive model, the data
// volume of the fewest drives that reach the bounds on storage.data.capacity,
// storage.data.read_bw and storage.data.write_bw, striped (RAID 0, with the NAS archive
// storage.raid0-needs-backup asks for). Drives an info's bound on storage.data.class
// advises against (consumer drives for a production job: storage.enterprise-ssd-for-writes)
// after those it advises, then cheapest known first; empty when no model does it with up
// to four drives. A team that accepts consumer drives with backups (002 §4) disables the
// info, which then advises nothing.
std::vector<StoragePlan> plan_storage(const SizingContext& s);
// The bytes a data volume of a `kind` deployment needs for the workload: the tightest
// lower bound on storage.data.capacity (0 when no rule asks for one).
double data_bytes_needed(const RuleView& rules, const WorkloadView& workload, std::string_view kind);

// The parts around a frame's GPUs for `nodes` nodes, cheapest known first: CPU model and
// sockets (within the bounds on cpu.cores_total), DIMMs within the bounds on memory.type
// and memory.speed and the fewest of each that fill the channels and reach the bound on
// memory.total (2 x VRAM in the pack), a storage plan, and for a cluster one RDMA NIC per
// GPU within the bound on network.bandwidth_per_gpu, with the switches for every port.
// The NICs a chassis ships with (its catalog ships_with, as a DGX's ConnectX cards) are
// in any price of it: a fabric of that model holds them all and is priced only for the
// ones beyond, as the shipped PSUs are (size_psus).
// `frame` holds the GPU, GPUs per node, chassis, link, cooling.
struct Fill {
  ServerBuild build;  // the frame's fields, completed with the parts
  PriceKey key;
};
std::vector<Fill> fills_for(const ServerBuild& frame, int nodes, const std::vector<StoragePlan>& storage,
                            const SizingContext& s);

// The PSU choices for a build whose facts without PSUs are `probe` (its power.full_load
// from the pack's own power model), cheapest known first: per PSU model the fewest
// supplies that reach the bound on psu.capacity_carrying (1.5 x the full load in the
// pack; the load itself when no rule bounds it) with one failed (redundant, N+1) or one
// feed lost (dual_feed), within the chassis's PSU bays when the catalog records them.
// The supplies a chassis ships with (its catalog ships_with) are in any price of it: a
// choice of that model holds at least those, and its price counts only the ones beyond.
struct PsuChoice {
  const sema::DeclEntry* psu = nullptr;
  int count = 0;
  std::string mode;
  PriceKey key;
};
std::vector<PsuChoice> size_psus(const ServerBuild& build, const facts::FactSet& probe, const SizingContext& s);

}  // namespace gpuspec::suggest
