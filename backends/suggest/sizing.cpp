#include "backends/suggest/sizing.h"

#include <algorithm>
#include <cmath>
#include <memory>

#include "backends/cost/bom.h"
#include "backends/cost/part_price.h"
#include "backends/suggest/catalog_view.h"
#include "backends/suggest/part_facts.h"

namespace gpuspec::suggest {

namespace {

double value_or(const std::optional<double>& v, double fallback) { return v ? *v : fallback; }

// What sizing knows of a build before the pack sees it, for the rules' guards
// (`workload.trains`, `nodes >= 2`) and the other side of their bounds
// (`2 * gpu.vram_total`): the workload's facts, and those the caller sets.
facts::FactSet known_facts(const WorkloadView& workload) { return facts::FactSet::layered_on(*workload.facts); }
void put(facts::FactSet& known, std::string_view fact, double value, units::Dimension dimension = {}) {
  known.set(fact, facts::Value::of({value, dimension, units::Currency::None}), {});
}
void put_flag(facts::FactSet& known, std::string_view fact, bool flag) { known.set(fact, facts::Value::flag(flag), {}); }

bool is_nvme(const sema::DeclEntry& disk) { return text(disk, "kind") == "nvme_ssd"; }

// Towers take desktop sockets, rack servers server sockets: the catalog does not record
// which socket a chassis's board has, so the search keeps the pairings that exist.
bool socket_fits(const sema::DeclEntry& cpu, bool tower) {
  const std::string socket = text(cpu, "socket");
  if (socket == "lga1700" || socket == "str5") return tower;
  if (socket == "lga4677" || socket == "sp5" || socket == "sp3") return !tower;
  return true;
}

// A part choice a check's rule rejects (RuleView::violated): counted under its id.
bool pruned_part(bool violated, Prune p, const SizingContext& s) {
  if (violated) s.tally.prune_part(s.rules.rule(p)->id);
  return violated;
}

bool contains(const std::vector<std::string>& list, const std::string& item) {
  return std::find(list.begin(), list.end(), item) != list.end();
}

// PCIe lanes the node's devices take (cpu.pcie-lanes): each part's catalog pcie_lanes.
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

double data_bytes_needed(const RuleView& rules, const WorkloadView& workload, std::string_view kind) {
  const facts::FactSet known = known_facts(workload);
  auto need = lint::tightest_lower(rules.bounds().on("storage.data.capacity", kind, known), known);
  return need ? need->value : 0;
}

std::vector<StoragePlan> plan_storage(const SizingContext& s) {
  // The plan is a data volume: the rules guarded by storage.data.present apply to it.
  facts::FactSet known = known_facts(s.workload);
  put_flag(known, "storage.data.present", true);
  const auto& bounds = s.rules.bounds();
  const auto capacity_need = lint::tightest_lower(bounds.on("storage.data.capacity", "server", known), known);
  const auto read_bounds = bounds.on("storage.data.read_bw", "server", known);
  const auto write_bounds = bounds.on("storage.data.write_bw", "server", known);
  // What the infos advise on the drives' class, with the drive's kind known (their guards
  // read it) and no checkpoint volume (the plan has none, so checkpoints land on the data).
  auto advised_against = [&](const sema::DeclEntry& disk) {
    const std::string klass = text(disk, "class");
    if (klass.empty()) return false;  // a class the catalog does not give leaves the rule silent
    facts::FactSet with_disk = known_facts(s.workload);
    put_flag(with_disk, "storage.data.present", true);
    put_flag(with_disk, "storage.checkpoint.present", false);
    with_disk.set("storage.data.kind", facts::Value::symbol(text(disk, "kind")), {});
    return lint::first_broken(s.rules.advice().on("storage.data.class", "server", with_disk), klass) != nullptr;
  };
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
      if (capacity_need && !capacity_need->met(n * capacity)) continue;
      if (read && lint::first_broken(read_bounds, known, n * *read)) continue;
      if (write && lint::first_broken(write_bounds, known, n * *write)) continue;
      PriceKey key;
      s.prices.add(key, disk, n);
      StoragePlan plan;
      plan.data = disk;
      plan.data_drives = n;
      plan.raid = n > 1 ? "raid0" : "none";
      plan.advised_against = advised_against(*disk);
      key.advised_against = plan.advised_against ? 1 : 0;
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
  // The facts the frame and the count fix, for the bounds on the parts.
  facts::FactSet known = known_facts(s.workload);
  put(known, "nodes", nodes);
  put(known, "gpu.count", k);
  put(known, "gpu.vram", vram, units::Dimension::data());
  put(known, "gpu.vram_total", k * vram, units::Dimension::data());
  // The states an offloading job keeps in host memory (memory.offload-fits-host).
  if (double host = offload_host_bytes(s.workload, k, nodes); host > 0) {
    put(known, "workload.mem.host_offload", host, units::Dimension::data());
  }
  const auto& bounds = s.rules.bounds();
  const auto fabric_bounds = bounds.on("network.bandwidth_per_gpu", "server", known);
  const auto core_bounds = bounds.on("cpu.cores_total", "server", known);
  const auto type_bounds = bounds.on("memory.type", "server", known);
  const auto speed_bounds = bounds.on("memory.speed", "server", known);
  const auto memory_need = lint::tightest_lower(bounds.on("memory.total", "server", known), known);

  // A cluster's fabric: one RDMA adapter per GPU, within the bounds on the bandwidth per
  // GPU, and the InfiniBand switches of the same port speed for every port.
  struct Fabric {
    const sema::DeclEntry* nic = nullptr;
    const sema::DeclEntry* fabric_switch = nullptr;
    int switches = 0;
    int nics = 0;    // per node: one per GPU, or all the chassis ships with
    int bought = 0;  // per node: those beyond the shipped ones, which the price counts
  };
  // The NICs the chassis ships with as standard (its catalog ships_with, eight ConnectX
  // cards in a DGX) are in any price of it, as its supplies are (size_psus): a fabric of
  // that model holds all of them and is priced only for the ones beyond. Whether they
  // meet the fabric rules is the same bound, and the pack's judgement, as for any NIC.
  const CountedPart shipped_nics = shipped_part(s.program, *frame.chassis, "nic");
  const sema::DeclEntry* shipped_nic = shipped_nics.entry;
  const int shipped = static_cast<int>(shipped_nics.count);
  std::vector<Fabric> fabrics;
  if (nodes == 1) {
    fabrics.push_back({});
  } else {
    for (const auto* nic : s.catalog.nics) {
      if (!contains(items(*nic, "fabric"), "infiniband")) continue;
      const double rate = value_or(number(*nic, "bandwidth"), 0) * value_or(number(*nic, "ports"), 1);
      if (const lint::Bound* broken = lint::first_broken(fabric_bounds, known, rate)) {
        s.tally.prune_part(broken->policy->id);
        continue;
      }
      const bool ships = nic == shipped_nic;
      Fabric f{nic, nullptr, 0, ships ? std::max(k, shipped) : k, ships ? std::max(k - shipped, 0) : k};
      for (const auto* sw : s.catalog.switches) {
        if (text(*sw, "fabric") != "infiniband" || number(*sw, "port_bandwidth") != number(*nic, "bandwidth")) continue;
        const double ports = value_or(number(*sw, "ports"), 0);
        if (ports <= 0) continue;
        f.fabric_switch = sw;
        f.switches = static_cast<int>(std::ceil(nodes * f.nics * value_or(number(*nic, "ports"), 1) / ports));
        break;
      }
      fabrics.push_back(f);
    }
  }

  // The CPUs the chassis takes, asked of the rules on the frame's parts with the CPUs:
  // a barebone's board takes one socket type (cpu.socket-fits-chassis), as many as its
  // devices need (cpu.sockets-populated: an HGX board's PCIe switches hang off both
  // sockets of a dual-socket system); a complete system only its own (cpu.fixed-by-system).
  // A CPU model is dropped (and counted once) when its rule fails at every socket count.
  // The frame's facts and the CPUs' over them, built on the first check whose verdict is
  // not known yet (part_verdicts.h).
  std::unique_ptr<PartFacts> frame_facts, cpu_facts, fill_facts;
  const sema::DeclEntry* built_cpu = nullptr;
  int built_sockets = 0;
  PartVerdicts::Key key{frame.gpu, k, frame.chassis, frame.gpu_link, frame.cooling};
  auto with_cpus = [&]() -> const facts::FactSet& {
    if (!frame_facts) {
      frame_facts = std::make_unique<PartFacts>(s.program, known);
      frame_facts->gpus(*frame.gpu, k).chassis(*frame.chassis).variant(frame.gpu_link, frame.cooling);
    }
    // Built again only for another choice of CPUs: the lane check asks once per device
    // set of the same CPUs.
    if (!cpu_facts || built_cpu != key.cpu || built_sockets != key.sockets) {
      fill_facts.reset();  // it reads through to the CPUs' layer
      cpu_facts = std::make_unique<PartFacts>(s.program, frame_facts->facts());
      cpu_facts->cpus(*key.cpu, key.sockets);
      built_cpu = key.cpu;
      built_sockets = key.sockets;
    }
    return cpu_facts->facts();
  };
  auto cpu_violates = [&](Prune p, const sema::DeclEntry& cpu, int sockets) {
    key.cpu = &cpu;
    key.sockets = sockets;
    return s.verdicts.violated(s.rules, p, key, with_cpus);
  };
  const int max_sockets = tower ? 1 : 2;
  std::vector<Fill> out;
  for (const auto* cpu : s.catalog.cpus) {
    if (!socket_fits(*cpu, tower)) continue;
    bool socket_pruned = true;
    for (int sockets = 1; sockets <= max_sockets && socket_pruned; ++sockets) {
      socket_pruned = cpu_violates(Prune::CpuSocket, *cpu, sockets);
    }
    if (pruned_part(socket_pruned, Prune::CpuSocket, s)) continue;
    for (int sockets = 1; sockets <= max_sockets; ++sockets) {
      if (pruned_part(cpu_violates(Prune::CpuFixed, *cpu, sockets), Prune::CpuFixed, s) ||
          pruned_part(cpu_violates(Prune::CpuSockets, *cpu, sockets), Prune::CpuSockets, s)) {
        continue;
      }
      // The lane check's verdict per storage plan and fabric: its facts are the frame's,
      // these CPUs' and the devices' (no DIMM's), so it is asked once for every DIMM.
      std::vector<signed char> lanes_violated(storage.size() * fabrics.size(), -1);
      const double cores = value_or(number(*cpu, "cores"), 0) * sockets;
      if (const lint::Bound* broken = lint::first_broken(core_bounds, known, cores)) {
        s.tally.prune_part(broken->policy->id);
        continue;
      }
      const double channels = value_or(number(*cpu, "memory_channels"), 1) * sockets;
      const int per_channel = static_cast<int>(value_or(number(*cpu, "dimms_per_channel"), 2));
      for (const auto* dimm : s.catalog.dimms) {
        // The fewest DIMMs that populate every channel and reach the tightest bound on
        // memory.total (2 x the node's VRAM, the states an offloading job keeps in host
        // memory).
        const double size = value_or(number(*dimm, "size"), 0);
        int dimms = 0;
        for (int d = 1; d <= per_channel; ++d) {
          if (!memory_need || memory_need->met(channels * d * size)) {
            dimms = static_cast<int>(channels * d);
            break;
          }
        }
        // The DIMMs the CPUs take (memory.dimm-type-fits-cpu), asked of the rule with as
        // many as the fill would hold (one per channel when none reaches the bound).
        const int held = dimms > 0 ? dimms : static_cast<int>(channels);
        key.cpu = cpu;
        key.sockets = sockets;
        key.dimm = dimm;
        key.dimms = held;
        const bool type_pruned = s.verdicts.violated(s.rules, Prune::DimmType, key, [&]() -> const facts::FactSet& {
          fill_facts.reset();  // a layer over the CPUs, rebuilt with them
          fill_facts = std::make_unique<PartFacts>(s.program, with_cpus());
          return fill_facts->dimms(*dimm, held).facts();
        });
        if (pruned_part(type_pruned, Prune::DimmType, s)) continue;
        const lint::Bound* broken = lint::first_broken(type_bounds, text(*dimm, "type"));
        if (!broken) broken = lint::first_broken(speed_bounds, known, value_or(number(*dimm, "speed"), 0));
        if (broken) {
          s.tally.prune_part(broken->policy->id);
          continue;
        }
        if (dimms == 0) {
          s.tally.prune_part(memory_need->bound->policy->id);
          continue;
        }
        for (std::size_t p = 0; p < storage.size(); ++p) {
          const StoragePlan& plan = storage[p];
          for (std::size_t f = 0; f < fabrics.size(); ++f) {
            const Fabric& fabric = fabrics[f];
            // The devices' lanes against the CPUs' (cpu.pcie-lanes), asked of the rule on
            // the frame's parts, the CPUs and these devices (the resolvers' lane sum).
            signed char& lanes_pruned = lanes_violated[p * fabrics.size() + f];
            if (lanes_pruned < 0) {
              facts::PcieDevices devices{facts::Counted{static_cast<double>(k), frame.gpu, {}}, {}, {}};
              if (plan.system) devices.drives.push_back({1, plan.system, {}});
              if (plan.data) devices.drives.push_back({static_cast<double>(plan.data_drives), plan.data, {}});
              if (fabric.nic) devices.nics = facts::Counted{static_cast<double>(fabric.nics), fabric.nic, {}};
              lanes_pruned = s.verdicts.violated(s.rules, Prune::PcieLanes, key, [&]() -> const facts::FactSet& {
                fill_facts.reset();
                fill_facts = std::make_unique<PartFacts>(s.program, with_cpus());
                return fill_facts->pcie(devices).facts();
              });
            }
            if (lanes_pruned) {
              s.tally.prune_part(s.rules.rule(Prune::PcieLanes)->id);
              continue;
            }
            Fill fill{frame, {}};
            fill.key.advised_against = plan.advised_against ? 1 : 0;
            fill.build.nodes = nodes;
            if (cost::takes_standard_board(*frame.chassis)) fill.build.motherboard = board_for(frame, *cpu, sockets, *dimm, dimms, s);
            fill.build.cpu = cpu;
            fill.build.sockets = sockets;
            fill.build.dimm = dimm;
            fill.build.dimms = dimms;
            fill.build.storage = plan;
            fill.build.nic = fabric.nic;
            fill.build.nics = fabric.nics;
            fill.build.fabric_switch = fabric.fabric_switch;
            fill.build.switches = fabric.switches;
            if (cost::takes_standard_board(*frame.chassis) && !fill.build.motherboard) fill.key.unpriced += 1;  // a role unfilled
            s.prices.add(fill.key, fill.build.motherboard, 1);
            s.prices.add(fill.key, cpu, sockets);
            s.prices.add(fill.key, dimm, dimms);
            s.prices.add(fill.key, plan.system, 1);
            s.prices.add(fill.key, plan.data, plan.data_drives);
            s.prices.add(fill.key, fabric.nic, fabric.bought);
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

std::vector<PsuChoice> size_psus(const ServerBuild& build, const facts::FactSet& probe, const SizingContext& s) {
  const auto load = probe.quantity("power.full_load");
  const double full_load = load ? load->value : 0;
  // The capacity that carries the load: the tightest bound on it (1.5 x the full load in
  // the pack), at least the load itself.
  const auto need = lint::tightest_lower(s.rules.bounds().on("psu.capacity_carrying", "server", probe), probe);
  // The supplies the chassis ships with as standard (its catalog ships_with): any price of
  // it covers that many of that model, and the BOM prices only the ones beyond them. So a
  // choice of that model holds all of them (they come in the box) and is priced only for
  // the ones it needs beyond: when the shipped supplies meet the bounds they cost nothing
  // and come first, and only otherwise are supplies bought. Whether a set carries the load
  // is still the pack's to judge, as for any other choice.
  // A check of `count` x `psu` in `mode`, asked of its rule on the build's facts with them.
  std::unique_ptr<PartFacts> psu_facts;
  auto psus_violate = [&](Prune p, const sema::DeclEntry& psu, int count, const std::string& mode) {
    PartVerdicts::Key key{build.gpu, build.gpus_per_node, build.chassis, build.gpu_link, build.cooling,
                          build.cpu, build.sockets,       build.dimm,    build.dimms};
    key.psu = &psu;
    key.psus = count;
    key.mode = mode;
    return s.verdicts.violated(s.rules, p, key, [&]() -> const facts::FactSet& {
      psu_facts = std::make_unique<PartFacts>(s.program, probe);
      return psu_facts->psus(psu, count, mode).facts();
    });
  };
  const CountedPart shipped_psus = shipped_part(s.program, *build.chassis, "psu");
  const sema::DeclEntry* shipped_psu = shipped_psus.entry;
  const int shipped = static_cast<int>(shipped_psus.count);
  std::vector<PsuChoice> out;
  for (const auto* psu : s.catalog.psus) {
    const double unit = value_or(number(*psu, "capacity"), 0);
    if (unit <= 0) continue;
    // The supplies the chassis's bays take (power.psu-form-fits-chassis: the forms its
    // psu_forms list; power.psu-module-fits-chassis: a vendor's modules of the families its
    // psu_modules list), asked of the rules on the build's facts with one of these supplies
    // (their count and mode are chosen below, and the bays asked of each choice).
    if (pruned_part(psus_violate(Prune::PsuForm, *psu, 1, "single"), Prune::PsuForm, s) ||
        pruned_part(psus_violate(Prune::PsuModule, *psu, 1, "single"), Prune::PsuModule, s)) {
      continue;
    }
    const int alone = static_cast<int>(std::ceil(full_load / unit));
    int carry = alone;
    if (need && need->value > full_load) {
      carry = static_cast<int>(std::ceil(need->value / unit));
      if (!need->met(carry * unit)) ++carry;  // a strict bound (`>`) met exactly
    }
    // power.redundant-psu: N+1 keeps the headroom with a spare; two feeds each carry the
    // load alone. Without that rule a single set is enough. Only hot-swap modules share a
    // load (power.redundancy-needs-hot-swap): a desktop unit runs single or not at all.
    std::vector<std::pair<std::string, int>> modes{{"redundant", carry + 1}, {"dual_feed", std::max(carry, 2 * alone)}};
    // A redundant mode the supplies cannot run (power.redundancy-needs-hot-swap), asked of
    // the rule per mode; the supply's modes dropped count once.
    const auto dropped = std::erase_if(
        modes, [&](const auto& mode) { return psus_violate(Prune::PsuHotSwap, *psu, mode.second, mode.first); });
    pruned_part(dropped > 0, Prune::PsuHotSwap, s);
    // A single set is offered where the redundancy rule, asked of it, lets it run (a server
    // that runs office hours only is outside power.redundant-psu's `when`); the shipped
    // supplies run redundant when they can, as the box is built to.
    const bool ships = psu == shipped_psu;
    const bool shipped_redundant = ships && !modes.empty() && modes.front().second <= shipped;
    if (!shipped_redundant && !psus_violate(Prune::PsuRedundancy, *psu, carry, "single")) {
      modes.insert(modes.begin(), {"single", carry});
    }
    for (auto [mode, count] : modes) {
      if (ships) count = std::max(count, shipped);
      if (pruned_part(psus_violate(Prune::PsuBays, *psu, count, mode), Prune::PsuBays, s)) continue;
      PsuChoice choice{psu, count, mode, {}};
      s.prices.add(choice.key, psu, ships ? count - shipped : count);
      out.push_back(choice);
    }
  }
  std::stable_sort(out.begin(), out.end(), [](const PsuChoice& a, const PsuChoice& b) {
    return a.key < b.key || (!(b.key < a.key) && a.count < b.count);
  });
  return out;
}

}  // namespace gpuspec::suggest
