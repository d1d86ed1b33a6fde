#include "backends/suggest/sizing.h"

#include <algorithm>
#include <cmath>

#include "backends/cost/bom.h"
#include "backends/cost/part_price.h"
#include "backends/suggest/catalog_view.h"

namespace gpuspec::suggest {

namespace {

double value_or(const std::optional<double>& v, double fallback) { return v ? *v : fallback; }

bool is_nvme(const sema::DeclEntry& disk) { return text(disk, "kind") == "nvme_ssd"; }

// Towers take desktop sockets, rack servers server sockets: the catalog does not record
// which socket a chassis's board has, so the search keeps the pairings that exist.
bool socket_fits(const sema::DeclEntry& cpu, bool tower) {
  const std::string socket = text(cpu, "socket");
  if (socket == "lga1700" || socket == "str5") return tower;
  if (socket == "lga4677" || socket == "sp5" || socket == "sp3") return !tower;
  return true;
}

bool contains(const std::vector<std::string>& list, const std::string& item) {
  return std::find(list.begin(), list.end(), item) != list.end();
}

// PCIe lanes the node's devices take (cpu.pcie-lanes): each part's catalog pcie_lanes.
double lanes_of(const sema::DeclEntry* part, double count) {
  return part ? count * value_or(number(*part, "pcie_lanes"), 0) : 0;
}

// Board forms a case takes: an E-ATX case takes the smaller ATX-family boards too.
bool board_fits_case(const std::string& board, const std::string& case_board) {
  if (case_board == "atx") return board == "atx" || board == "micro_atx";
  if (case_board == "eatx") return board == "atx" || board == "micro_atx" || board == "eatx" || board == "ceb";
  return true;  // a tower that does not say: the catalog gives no bound
}

// The cheapest known board for the CPU, its socket count and the DIMMs, in the case;
// null when the catalog has none (the build is then incomplete, and ranks as such).
const sema::DeclEntry* board_for(const ServerBuild& frame, const sema::DeclEntry& cpu, int sockets,
                                 const sema::DeclEntry& dimm, int dimms, const SizingContext& s) {
  const sema::DeclEntry* best = nullptr;
  PriceKey best_key;
  for (const auto* board : s.catalog.motherboards) {
    const auto forms = items(*board, "memory_forms");
    if (text(*board, "socket") != text(cpu, "socket") || value_or(number(*board, "sockets"), 1) < sockets ||
        text(*board, "memory_type") != text(dimm, "type") || value_or(number(*board, "memory_slots"), 0) < dimms ||
        (!forms.empty() && !contains(forms, text(dimm, "form"))) ||
        !board_fits_case(text(*board, "form"), text(*frame.chassis, "board"))) {
      continue;
    }
    PriceKey key;
    s.prices.add(key, board, 1);
    if (!best || key < best_key) {
      best = board;
      best_key = key;
    }
  }
  return best;
}

}  // namespace

std::optional<double> PartPrices::unit(const sema::DeclEntry& part) {
  auto [it, fresh] = cache_.try_emplace(&part);
  if (fresh) {
    auto result = cost::part_price(program_, part.decl->name, region_, currency_, book_);
    if (result.priced) it->second = result.priced->unit.low;  // parts are ordered by the low end of their price
  }
  return it->second;
}

void PartPrices::add(PriceKey& key, const sema::DeclEntry* part, double count) {
  if (!part || count <= 0) return;
  if (auto u = unit(*part)) {
    key.known += *u * count;
  } else {
    key.unpriced += 1;
  }
}

double data_bytes_needed(const RuleView& rules, const WorkloadView& workload) {
  double need = 0;
  if (workload.trains && rules.rejects("storage.data-capacity")) need = kMinDataBytes;
  if (workload.trains && workload.dataset_bytes && rules.rejects("storage.dataset-room")) {
    need = std::max(need, kDatasetRoom * *workload.dataset_bytes);
  }
  return need;
}

std::vector<StoragePlan> plan_storage(const SizingContext& s) {
  const double need = data_bytes_needed(s.rules, s.workload);
  const bool read_rule = s.rules.rejects("storage.data-throughput-5gbs");
  const bool write_rule = s.rules.rejects("storage.data-write-5gbs");
  const sema::DeclEntry* system = nullptr;
  PriceKey system_key;
  std::vector<std::pair<PriceKey, StoragePlan>> plans;
  for (const auto* disk : s.catalog.disks) {
    if (!is_nvme(*disk)) continue;
    PriceKey one;
    s.prices.add(one, disk, 1);
    if (!system || one < system_key) {
      system = disk;
      system_key = one;
    }
    const double capacity = value_or(number(*disk, "capacity"), 0);
    auto read = number(*disk, "read_bw");
    auto write = number(*disk, "write_bw");
    for (int n = 1; n <= 4; ++n) {
      // RAID 0 adds capacity and sequential throughput drive by drive; an unknown figure
      // leaves its rule silent, as the pack would.
      if (n * capacity < need) continue;
      if (read_rule && read && !(n * *read > kDataBandwidth)) continue;
      if (write_rule && write && !(n * *write > kDataBandwidth)) continue;
      PriceKey key;
      s.prices.add(key, disk, n);
      StoragePlan plan;
      plan.data = disk;
      plan.data_drives = n;
      plan.raid = n > 1 ? "raid0" : "none";
      plans.push_back({key, plan});
      break;  // more drives of this model only cost more
    }
  }
  std::stable_sort(plans.begin(), plans.end(), [](const auto& a, const auto& b) {
    return a.first < b.first || (!(b.first < a.first) && a.second.data_drives < b.second.data_drives);
  });
  std::vector<StoragePlan> out;
  for (auto& [key, plan] : plans) {
    plan.system = system;
    out.push_back(plan);
  }
  return out;
}

std::vector<Fill> fills_for(const ServerBuild& frame, int nodes, const std::vector<StoragePlan>& storage,
                            const SizingContext& s) {
  const int k = frame.gpus_per_node;
  const double vram = value_or(number(*frame.gpu, "vram"), 0);
  const bool tower = text(*frame.chassis, "form") == "tower";
  const bool switched = text(*frame.chassis, "pcie_switch") == "true";
  const double host_need =
      s.rules.rejects("memory.offload-fits-host") ? offload_host_bytes(s.workload, k, nodes) : 0;

  // A cluster's fabric: one RDMA adapter per GPU, fast enough for net.bandwidth-per-gpu,
  // and the InfiniBand switches of the same port speed for every port.
  struct Fabric {
    const sema::DeclEntry* nic = nullptr;
    const sema::DeclEntry* fabric_switch = nullptr;
    int switches = 0;
  };
  std::vector<Fabric> fabrics;
  if (nodes == 1) {
    fabrics.push_back({});
  } else {
    for (const auto* nic : s.catalog.nics) {
      if (!contains(items(*nic, "fabric"), "infiniband")) continue;
      const double rate = value_or(number(*nic, "bandwidth"), 0) * value_or(number(*nic, "ports"), 1);
      if (s.rules.rejects("net.bandwidth-per-gpu") && rate < kFabricPerGpu) {
        s.tally.prune_part("net.bandwidth-per-gpu");
        continue;
      }
      Fabric f{nic};
      for (const auto* sw : s.catalog.switches) {
        if (text(*sw, "fabric") != "infiniband" || number(*sw, "port_bandwidth") != number(*nic, "bandwidth")) continue;
        const double ports = value_or(number(*sw, "ports"), 0);
        if (ports <= 0) continue;
        f.fabric_switch = sw;
        f.switches = static_cast<int>(std::ceil(nodes * k * value_or(number(*nic, "ports"), 1) / ports));
        break;
      }
      fabrics.push_back(f);
    }
  }

  // A complete system is sold with its CPUs (cpu.fixed-by-system): only those, as many.
  // A barebone's board takes one socket type (cpu.socket-fits-chassis): only those CPUs.
  const auto fixed_cpu = counted_part(s.program, *frame.chassis, "cpu");
  const std::string chassis_socket = text(*frame.chassis, "cpu_socket");
  std::vector<Fill> out;
  for (const auto* cpu : s.catalog.cpus) {
    if (!socket_fits(*cpu, tower)) continue;
    if (!chassis_socket.empty() && text(*cpu, "socket") != chassis_socket &&
        s.rules.rejects("cpu.socket-fits-chassis")) {
      s.tally.prune_part("cpu.socket-fits-chassis");
      continue;
    }
    for (int sockets = 1; sockets <= (tower ? 1 : 2); ++sockets) {
      const bool not_its_own = fixed_cpu && (cpu != fixed_cpu->entry || sockets != fixed_cpu->count);
      if (not_its_own && s.rules.rejects("cpu.fixed-by-system")) {
        s.tally.prune_part("cpu.fixed-by-system");
        continue;
      }
      const double cores = value_or(number(*cpu, "cores"), 0) * sockets;
      if (s.rules.rejects("cpu.cores-per-gpu") && cores < kCoresPerGpu * k) {
        s.tally.prune_part("cpu.cores-per-gpu");
        continue;
      }
      if (s.workload.trains && s.rules.rejects("cpu.min-cores") && cores < kMinCores) {
        s.tally.prune_part("cpu.min-cores");
        continue;
      }
      const double channels = value_or(number(*cpu, "memory_channels"), 1) * sockets;
      const int per_channel = static_cast<int>(value_or(number(*cpu, "dimms_per_channel"), 2));
      const auto forms = items(*cpu, "memory_forms");
      for (const auto* dimm : s.catalog.dimms) {
        const bool type_fits = text(*dimm, "type") == text(*cpu, "memory_type") &&
                               (forms.empty() || contains(forms, text(*dimm, "form")));
        if (!type_fits && s.rules.rejects("memory.dimm-type-fits-cpu")) {
          s.tally.prune_part("memory.dimm-type-fits-cpu");
          continue;
        }
        if (s.rules.rejects("memory.ddr5-4800") &&
            (text(*dimm, "type") != "ddr5" || value_or(number(*dimm, "speed"), 0) < kMinMemorySpeed)) {
          s.tally.prune_part("memory.ddr5-4800");
          continue;
        }
        // The fewest DIMMs that populate every channel and hold 2 x the node's VRAM, and
        // the states an offloading job keeps in host memory.
        const double size = value_or(number(*dimm, "size"), 0);
        int dimms = 0;
        for (int d = 1; d <= per_channel; ++d) {
          if (channels * d * size >= std::max(kRamPerVram * k * vram, host_need)) {
            dimms = static_cast<int>(channels * d);
            break;
          }
        }
        if (dimms == 0) {
          s.tally.prune_part(host_need > kRamPerVram * k * vram ? "memory.offload-fits-host" : "memory.ram-2x-vram");
          continue;
        }
        for (const auto& plan : storage) {
          const double drive_lanes = lanes_of(plan.system, 1) + lanes_of(plan.data, plan.data_drives);
          for (const auto& fabric : fabrics) {
            // cpu.pcie-lanes: the GPUs on the CPUs' own lanes, every device within those and
            // the chipset's (pcie.lanes_available: the CPUs' alone when chipset_lanes is unknown).
            const double gpu_lanes = lanes_of(frame.gpu, k);
            const double lanes = gpu_lanes + drive_lanes + lanes_of(fabric.nic, k);
            const double cpu_lanes = sockets * value_or(number(*cpu, "pcie_lanes"), lanes);
            if (!switched && s.rules.rejects("cpu.pcie-lanes") &&
                (gpu_lanes > cpu_lanes || lanes > cpu_lanes + value_or(number(*cpu, "chipset_lanes"), 0))) {
              s.tally.prune_part("cpu.pcie-lanes");
              continue;
            }
            Fill fill{frame, {}};
            fill.build.nodes = nodes;
            if (cost::takes_standard_board(*frame.chassis)) fill.build.motherboard = board_for(frame, *cpu, sockets, *dimm, dimms, s);
            fill.build.cpu = cpu;
            fill.build.sockets = sockets;
            fill.build.dimm = dimm;
            fill.build.dimms = dimms;
            fill.build.storage = plan;
            fill.build.nic = fabric.nic;
            fill.build.nics = fabric.nic ? k : 0;
            fill.build.fabric_switch = fabric.fabric_switch;
            fill.build.switches = fabric.switches;
            if (cost::takes_standard_board(*frame.chassis) && !fill.build.motherboard) fill.key.unpriced += 1;  // a role unfilled
            s.prices.add(fill.key, fill.build.motherboard, 1);
            s.prices.add(fill.key, cpu, sockets);
            s.prices.add(fill.key, dimm, dimms);
            s.prices.add(fill.key, plan.system, 1);
            s.prices.add(fill.key, plan.data, plan.data_drives);
            s.prices.add(fill.key, fabric.nic, fill.build.nics);
            s.prices.add(fill.key, fabric.fabric_switch, static_cast<double>(fabric.switches) / nodes);
            out.push_back(std::move(fill));
          }
        }
      }
    }
  }
  std::stable_sort(out.begin(), out.end(), [](const Fill& a, const Fill& b) { return a.key < b.key; });
  return out;
}

std::vector<PsuChoice> size_psus(const ServerBuild& build, double full_load, const SizingContext& s) {
  const auto bays = number(*build.chassis, "psu_slots");
  // power.psu-form-fits-chassis: only supplies of a form the chassis's bays take, as its
  // catalog psu_forms list them (the rule is silent on a supply or chassis of unknown form);
  // power.psu-module-fits-chassis: of a vendor's modules, only those of the vendors its
  // psu_modules list.
  const auto forms = items(*build.chassis, "psu_forms");
  const auto modules = items(*build.chassis, "psu_modules");
  std::vector<PsuChoice> out;
  for (const auto* psu : s.catalog.psus) {
    const double unit = value_or(number(*psu, "capacity"), 0);
    if (unit <= 0) continue;
    const std::string form = text(*psu, "form_factor");
    if (!forms.empty() && !form.empty() && !contains(forms, form) && s.rules.rejects("power.psu-form-fits-chassis")) {
      s.tally.prune_part("power.psu-form-fits-chassis");
      continue;
    }
    const std::string family = text(*psu, "module_family");
    if (form == "oem_module" && !modules.empty() && !family.empty() && !contains(modules, family) &&
        s.rules.rejects("power.psu-module-fits-chassis")) {
      s.tally.prune_part("power.psu-module-fits-chassis");
      continue;
    }
    const int carry = static_cast<int>(std::ceil(kPsuHeadroom * full_load / unit));
    const int alone = static_cast<int>(std::ceil(full_load / unit));
    // power.redundant-psu: N+1 keeps the headroom with a spare; two feeds each carry the
    // load alone. Without that rule a single set is enough. Only hot-swap modules share a
    // load (power.redundancy-needs-hot-swap): a desktop unit runs single or not at all.
    std::vector<std::pair<std::string, int>> modes{{"redundant", carry + 1}, {"dual_feed", std::max(carry, 2 * alone)}};
    if (text(*psu, "hot_swap") == "false" && s.rules.rejects("power.redundancy-needs-hot-swap")) {
      s.tally.prune_part("power.redundancy-needs-hot-swap");
      modes.clear();
    }
    // A server that runs office hours only is not held to power.redundant-psu (its `when`).
    if (!s.rules.rejects("power.redundant-psu") || s.office_hours) modes.insert(modes.begin(), {"single", carry});
    for (const auto& [mode, count] : modes) {
      if (bays && count > *bays && s.rules.rejects("power.psu-count-fits-bays")) {
        s.tally.prune_part("power.psu-count-fits-bays");
        continue;
      }
      PsuChoice choice{psu, count, mode, {}};
      s.prices.add(choice.key, psu, count);
      out.push_back(choice);
    }
  }
  std::stable_sort(out.begin(), out.end(), [](const PsuChoice& a, const PsuChoice& b) {
    return a.key < b.key || (!(b.key < a.key) && a.count < b.count);
  });
  return out;
}

}  // namespace gpuspec::suggest
