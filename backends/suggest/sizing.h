// Choosing the parts around a candidate's GPUs: the CPUs, DIMMs, data drives, NICs and
// PSUs a build needs, sized to the pack's thresholds and ordered by known price. Sizing
// is not judging: every build is still checked by the full pack (judge.h), so a user's
// stricter policy rejects what these targets build instead of being bypassed. A choice a
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
#include "backends/suggest/rule_view.h"
#include "backends/suggest/tally.h"
#include "backends/suggest/workload_view.h"

namespace gpuspec::suggest {

// The thresholds parts are sized to, each the number in the rule named beside it.
inline constexpr double kPsuHeadroom = 1.5;     // power.psu-1.5x-headroom: PSUs that carry the load >= 1.5 x full load
inline constexpr double kRamPerVram = 2;        // memory.ram-2x-vram: system memory >= 2 x VRAM
inline constexpr double kCoresPerGpu = 2;       // cpu.cores-per-gpu
inline constexpr double kMinCores = 8;          // cpu.min-cores (training)
inline constexpr double kMinDataBytes = 4e12;   // storage.data-capacity (training): 4 TB
inline constexpr double kDatasetRoom = 2;       // storage.dataset-room: 2 x the data set
inline constexpr double kDataBandwidth = 5e9;   // storage.data-throughput-5gbs, storage.data-write-5gbs: above 5 GB/s
inline constexpr double kFabricPerGpu = 25e9;   // net.bandwidth-per-gpu: 200 Gb/s per GPU (bytes/s)
inline constexpr double kMinMemorySpeed = 4800; // memory.ddr5-4800: MT/s

// How much of a choice's price is known: the priced sum and how many parts have no
// price. Choices with fewer unknowns come first (their figure says more), then the
// cheaper known sum; a missing price is never read as zero.
struct PriceKey {
  int unpriced = 0;
  double known = 0;
  bool operator<(const PriceKey& o) const { return unpriced != o.unpriced ? unpriced < o.unpriced : known < o.known; }
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
  bool office_hours = false;  // the servers run office hours: power.redundant-psu does not apply
};

// The system drive (the cheapest NVMe drive known) and, per NVMe drive model, the data
// volume of the fewest drives that reach the capacity and the sequential throughput the
// storage rules ask of it (storage.nvme-for-data, storage.data-capacity,
// storage.dataset-room, storage.data-throughput-5gbs, storage.data-write-5gbs), striped
// (RAID 0, with the NAS archive storage.raid0-needs-backup asks for). Cheapest known
// first; empty when no model does it with up to four drives.
std::vector<StoragePlan> plan_storage(const SizingContext& s);
// The bytes a data volume needs for the workload (0 when nothing asks for one).
double data_bytes_needed(const RuleView& rules, const WorkloadView& workload);

// The parts around a frame's GPUs for `nodes` nodes, cheapest known first: CPU model and
// sockets, the fewest DIMMs of each type that fill the channels and reach 2 x VRAM, a
// storage plan, and for a cluster one RDMA NIC of 200 Gb/s or more per GPU with the
// switches for every port. `frame` holds the GPU, GPUs per node, chassis, link, cooling.
struct Fill {
  ServerBuild build;  // the frame's fields, completed with the parts
  PriceKey key;
};
std::vector<Fill> fills_for(const ServerBuild& frame, int nodes, const std::vector<StoragePlan>& storage,
                            const SizingContext& s);

// The PSU choices for a node drawing `full_load` watts (power.full_load, read from the
// pack's own power model), cheapest known first: per PSU model the fewest supplies
// that carry 1.5 x the load with one failed (redundant, N+1) or one feed lost
// (dual_feed), within the chassis's PSU bays when the catalog records them.
struct PsuChoice {
  const sema::DeclEntry* psu = nullptr;
  int count = 0;
  std::string mode;
  PriceKey key;
};
std::vector<PsuChoice> size_psus(const ServerBuild& build, double full_load, const SizingContext& s);

}  // namespace gpuspec::suggest
