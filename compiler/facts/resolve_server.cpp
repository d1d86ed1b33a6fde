// Facts of an on-premises `server`: parts from the catalog, scaled by their counts,
// and the totals policies compare (memory vs VRAM, storage throughput). The power model
// is in resolve_power.cpp, chassis/PCIe/fabric topology in resolve_topology.cpp.
#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <optional>
#include <string>

#include "facts/resolve_server_parts.h"

namespace gpuspec::facts {

units::Quantity scaled(units::Quantity q, double factor) {
  q.value *= factor;
  return q;
}

namespace {

// A volume's paths, composed once per process for the volumes the schema has: the power
// model, the lane count and the volume's own facts ask for each volume of every server
// (16,000 look-ups for 2,000 servers), and composing the texts was most of each.
struct VolumePaths {
  std::string block, drives, raid;
  explicit VolumePaths(std::string_view volume)
      : block("storage." + std::string(volume)), drives(block + ".drives"), raid(block + ".raid") {}
};

const VolumePaths& volume_paths(std::string_view volume) {
  static const std::array<VolumePaths, 4> known{VolumePaths("system"), VolumePaths("data"),
                                                VolumePaths("checkpoint"), VolumePaths("archive")};
  for (const auto& paths : known) {
    if (std::string_view(paths.block).substr(8) == volume) return paths;
  }
  thread_local std::optional<VolumePaths> other;  // a volume the schema lacks: composed each time
  other.emplace(volume);
  return *other;
}

}  // namespace

std::optional<Counted> volume_drives(const FactBuilder& b, std::string_view volume) {
  const VolumePaths& paths = volume_paths(volume);
  auto drives = find_block(b.decl().body, paths.block) ? b.counted(paths.drives) : b.counted(paths.block);
  if (!drives || drives->entry->decl->kind != "disk") return std::nullopt;
  return drives;
}

namespace {

// How many drives' worth of capacity and of sequential throughput a RAID level yields.
// Sequential writes stripe like reads: mirrors write every copy at one drive's speed,
// parity levels write full stripes across the data drives.
struct RaidYield {
  double capacity_drives;
  double read_stripes;
};
RaidYield raid_yield(const std::string& raid, double n) {
  if (raid == "raid0") return {n, n};
  if (raid == "raid1") return {1, 1};
  if (raid == "raid10") return {n / 2, n / 2};
  // Too few drives for the parity leaves nothing usable, never a negative amount.
  if (raid == "raid5") return {std::max(0.0, n - 1), std::max(0.0, n - 1)};
  if (raid == "raid6") return {std::max(0.0, n - 2), std::max(0.0, n - 2)};
  return {n, 1};  // independent drives: capacity adds up, one stream reads from one drive
}

}  // namespace

void add_cpu_facts(FactBuilder& b, const Counted& cpus) {
  const auto& cpu = *cpus.entry;
  double n = cpus.count;
  b.derived("cpu.sockets"_fact, Value::number(n), cpus.range, Explanation::format("{} x {}", n, cpu.decl->name));
  b.derived("cpu.model"_fact, Value::symbol(cpu.decl->name), cpus.range, "the referenced catalog entry");
  for (auto [fact, property] : {std::pair{"cpu.cores"_fact, "cores"},
                                {"cpu.threads"_fact, "threads"},
                                {"cpu.base_clock"_fact, "base_clock"},
                                {"cpu.boost_clock"_fact, "boost_clock"},
                                {"cpu.memory_channels"_fact, "memory_channels"},
                                {"cpu.memory_type"_fact, "memory_type"},
                                {"cpu.memory_speed"_fact, "memory_speed"},
                                {"cpu.tdp"_fact, "tdp"},
                                {"cpu.pcie_lanes"_fact, "pcie_lanes"},
                                {"cpu.chipset_lanes"_fact, "chipset_lanes"},
                                {"cpu.memory_forms"_fact, "memory_forms"},
                                {"cpu.dimms_per_channel"_fact, "dimms_per_channel"},
                                {"cpu.socket"_fact, "socket"}}) {
    b.catalog(fact, cpu, property);
  }
  // The power model wants the highest sustained draw: Intel's maximum turbo power or
  // AMD's PPT where the vendor publishes one, else the TDP.
  if (!b.catalog("cpu.max_power"_fact, cpu, "max_power")) {
    if (const Fact* tdp = b.facts().find("cpu.tdp"_fact)) {
      b.facts().set("cpu.max_power"_fact, tdp->value,
                    Origin{Origin::Kind::Catalog, tdp->origin.range, cpu.decl->name,
                           "tdp: the catalog has no higher published power limit"});
    }
  }
  for (auto [per, total] : {std::pair{"cpu.cores"_fact, "cpu.cores_total"},
                            {"cpu.threads"_fact, "cpu.threads_total"},
                            {"cpu.memory_channels"_fact, "cpu.memory_channels_total"},
                            {"cpu.tdp"_fact, "cpu.tdp_total"},
                            {"cpu.max_power"_fact, "cpu.max_power_total"},
                            {"cpu.pcie_lanes"_fact, "cpu.pcie_lanes_total"}}) {
    if (auto q = b.facts().quantity(per)) {
      b.derived(total, Value::of(scaled(*q, n)), cpus.range, Explanation::format("{} x {}", n, shown(*q)));
    }
  }
}

void add_memory_facts(FactBuilder& b, const Counted& dimms) {
  const auto& dimm = *dimms.entry;
  double n = dimms.count;
  b.derived("memory.dimms"_fact, Value::number(n), dimms.range, Explanation::format("{} x {}", n, dimm.decl->name));
  b.derived("memory.model"_fact, Value::symbol(dimm.decl->name), dimms.range, "the referenced catalog entry");
  b.catalog("memory.dimm_size"_fact, dimm, "size");
  b.catalog("memory.type"_fact, dimm, "type");
  b.catalog("memory.speed"_fact, dimm, "speed");
  b.catalog("memory.ecc"_fact, dimm, "ecc");
  b.catalog("memory.form"_fact, dimm, "form");
  if (auto size = b.facts().quantity("memory.dimm_size"_fact)) {
    b.derived("memory.total"_fact, Value::of(scaled(*size, n)), dimms.range, Explanation::format("{} x {}", n, shown(*size)));
  }
}

namespace {

// The storage.<volume>.* keys, resolved once per process: composing and hashing a dozen
// names per volume for every server was a visible share of resolving one (issue 12).
// A key's name is the fact table's, so the composed text need not outlive it.
struct VolumeKeys {
  std::string volume;
  FactKey present, drives, model, raid, kind, interface, klass, form, capacity, read_bw, write_bw;
};

const VolumeKeys& volume_keys(std::size_t volume) {
  static const std::array<VolumeKeys, 3> table = [] {
    std::array<VolumeKeys, 3> t;
    const char* names[] = {"system", "data", "checkpoint"};
    for (std::size_t i = 0; i < 3; ++i) {
      auto key = [&](const char* field) { return fact_key(fmt::format("storage.{}.{}", names[i], field)); };
      t[i] = {names[i],    key("present"),  key("drives"),  key("model"),    key("raid"),
              key("kind"), key("interface"), key("class"), key("form"), key("capacity"),
              key("read_bw"), key("write_bw")};
    }
    return t;
  }();
  return table[volume];
}

// storage.<volume>.*: a block `{ drives = N x disk; raid = ... }` or a counted disk.
void add_volume_facts(FactBuilder& b, const VolumeKeys& k) {
  const std::string& volume = k.volume;
  std::string raid = "none";
  SourceRange raid_range;
  if (const auto* p = find_property(b.decl().body, volume_paths(volume).raid)) {
    if (const auto* n = p->value->as<ast::Name>()) raid = n->name;
    raid_range = p->range;
  }
  std::optional<Counted> drives = volume_drives(b, volume);
  if (!drives) {
    b.facts().set(k.present, Value::flag(false),
                  Origin{Origin::Kind::Default, b.decl().name_range, {}, Explanation::format("no {} volume declared", volume)});
    return;
  }
  const auto& disk = *drives->entry;
  double n = drives->count;
  b.derived(k.present, Value::flag(true), drives->range, "declared");
  b.derived(k.drives, Value::number(n), drives->range, Explanation::format("{} x {}", n, disk.decl->name));
  b.derived(k.model, Value::symbol(disk.decl->name), drives->range, "the referenced catalog entry");
  b.facts().set(k.raid, Value::symbol(raid),
                raid_range.valid() ? Origin{Origin::Kind::Declared, raid_range, {}, {}}
                                   : Origin{Origin::Kind::Default, drives->range, {}, "no RAID declared"});
  b.catalog(k.kind, disk, "kind");
  b.catalog(k.interface, disk, "interface");
  b.catalog(k.klass, disk, "class");
  b.catalog(k.form, disk, "form");
  RaidYield yield = raid_yield(raid, n);
  if (const CatalogFact* capacity = catalog_fact(disk, "capacity")) {
    b.derived(k.capacity, Value::of(scaled(capacity->value.quantity, yield.capacity_drives)), drives->range,
              Explanation::format("{} usable of {} x {} ({})", yield.capacity_drives, n,
                          shown(capacity->value.quantity), raid));
  }
  for (auto [fact, direction] : {std::pair{k.read_bw, "read_bw"}, {k.write_bw, "write_bw"}}) {
    if (const CatalogFact* per_drive = catalog_fact(disk, direction)) {
      b.derived(fact, Value::of(scaled(per_drive->value.quantity, yield.read_stripes)), drives->range,
                Explanation::format("{} x {} per drive ({})", yield.read_stripes, shown(per_drive->value.quantity), raid));
    }
  }
}

void add_storage_facts(FactBuilder& b) {
  for (std::size_t volume = 0; volume < 3; ++volume) add_volume_facts(b, volume_keys(volume));
  const ast::Property* archive = find_property(b.decl().body, "storage.archive");
  bool present = false;
  if (archive) {
    Origin origin{Origin::Kind::Declared, archive->range, {}, {}};
    if (const auto* name = archive->value->as<ast::Name>(); name && !b.program().find(name->name)) {
      present = name->name != "none";
      b.facts().set("storage.archive.kind"_fact, Value::symbol(name->name), origin);
    } else if (auto counted = counted_reference(b.program(), *archive->value)) {
      present = true;
      if (auto kind = catalog_property(*counted->entry, "kind")) b.facts().set("storage.archive.kind"_fact, kind->value, origin);
    }
    b.facts().set("storage.archive.present"_fact, Value::flag(present), origin);
  } else {
    b.facts().set("storage.archive.present"_fact, Value::flag(false),
                  Origin{Origin::Kind::Default, b.decl().name_range, {}, "no archive declared"});
  }
}

void add_network_facts(FactBuilder& b) {
  b.declared_or_default("network.fabric"_fact, "network.fabric", Value::symbol("ethernet"), "schema default");
  b.declared("network.bandwidth"_fact, "network.bandwidth");
  if (auto nics = b.counted("network.nic")) {
    b.derived("network.nic.count"_fact, Value::number(nics->count), nics->range, nics->entry->decl->name);
    b.derived("network.nic.model"_fact, Value::symbol(nics->entry->decl->name), nics->range, "the referenced catalog entry");
    b.catalog("network.nic.fabric"_fact, *nics->entry, "fabric");
    b.catalog("network.nic.bandwidth"_fact, *nics->entry, "bandwidth");
  }
  auto fabric = b.facts().symbol("network.fabric"_fact).value_or("ethernet");
  b.derived("network.rdma"_fact, Value::flag(fabric == "infiniband" || fabric == "roce"), b.decl().name_range,
            "InfiniBand and RoCE are RDMA fabrics");
}

// A tower's board, as the catalog describes it: what its socket and slots take.
void add_motherboard_facts(FactBuilder& b) {
  auto board = b.counted("motherboard");
  if (!board || board->entry->decl->kind != "motherboard") return;
  const sema::DeclEntry& entry = *board->entry;
  b.derived("motherboard.model"_fact, Value::symbol(entry.decl->name), board->range, "the referenced catalog entry");
  for (auto [fact, property] : {std::pair{"motherboard.socket"_fact, "socket"},
                                {"motherboard.sockets"_fact, "sockets"},
                                {"motherboard.form"_fact, "form"},
                                {"motherboard.memory_type"_fact, "memory_type"},
                                {"motherboard.memory_slots"_fact, "memory_slots"},
                                {"motherboard.memory_forms"_fact, "memory_forms"}}) {
    b.catalog(fact, entry, property);
  }
}

// The parts ServerPartMemo runs, keyed by the items of the body each reads.
void gpu_part(FactBuilder& b) {
  if (auto gpus = b.counted("gpu"); gpus && gpus->entry->decl->kind == "gpu") add_gpu_facts(b, *gpus, gpus->range);
  b.declared_or_default("gpu.link"_fact, "gpu_link", Value::symbol("pcie"), "schema default");
}

// The CPUs, memory, board and drives.
void components_part(FactBuilder& b) {
  if (auto cpus = b.counted("cpu"); cpus && cpus->entry->decl->kind == "cpu") add_cpu_facts(b, *cpus);
  if (auto dimms = b.counted("memory"); dimms && dimms->entry->decl->kind == "memory") {
    add_memory_facts(b, *dimms);
  } else {
    b.declared("memory.total"_fact, "memory");  // a total, the DIMMs unknown (a probe without dmidecode)
  }
  add_motherboard_facts(b);
  add_storage_facts(b);
}

void platform_part(FactBuilder& b);

}  // namespace

void resolve_server(FactBuilder& b) {
  b.facts().set("deploy.kind"_fact, Value::symbol("onprem"), Origin{Origin::Kind::Declared, b.decl().kind_range, {}, {}});
  b.declared_or_default("nodes"_fact, "nodes", Value::number(1), "schema default");
  // Five parts: fewer replays, each of a few combinations (the load, read last, has the most).
  ServerPartMemo parts(b);
  parts.run("gpu", gpu_part);
  parts.run("components", components_part);
  parts.run("platform", platform_part);
  parts.run("supplies", add_supply_facts);
  parts.run("load", add_load_facts);
}

namespace {

// What the server declares of its site, software and acceptance, and its network.
void add_settings_facts(FactBuilder& b) {
  b.declared("cooling.kind"_fact, "cooling");
  add_network_facts(b);
  b.declared_or_default("site.region"_fact, "site.region", Value::symbol("other"), "schema default");
  b.declared_or_default("site.currency"_fact, "site.currency", Value::symbol("USD"), "schema default");
  b.declared("site.pue"_fact, "site.pue");
  b.declared("site.max_gpu_temp"_fact, "site.max_gpu_temp");
  b.declared("budget"_fact, "budget");
  b.declared_or_default("uptime"_fact, "uptime", Value::symbol("24x7"), "schema default");
  for (auto [fact, path] : {std::pair{"software.os"_fact, "software.os"},
                            {"software.framework"_fact, "software.framework"},
                            {"software.cuda"_fact, "software.cuda"},
                            {"software.driver"_fact, "software.driver"},
                            {"software.containers"_fact, "software.containers"},
                            {"software.monitoring"_fact, "software.monitoring"},
                            {"software.distributed"_fact, "software.distributed"},
                            {"acceptance.burn_in"_fact, "acceptance.burn_in"},
                            {"acceptance.benchmark"_fact, "acceptance.benchmark"},
                            {"acceptance.rdma_test"_fact, "acceptance.rdma_test"},
                            {"probed_from.gpu"_fact, "probed_from.gpu"},
                            {"probed_from.gpu_link"_fact, "probed_from.gpu_link"},
                            {"probed_from.cpu"_fact, "probed_from.cpu"},
                            {"probed_from.memory"_fact, "probed_from.memory"},
                            {"probed_from.storage"_fact, "probed_from.storage"},
                            {"probed_from.network"_fact, "probed_from.network"},
                            {"probed_from.psu"_fact, "probed_from.psu"},
                            {"probed_from.software"_fact, "probed_from.software"}}) {
    b.declared(fact, path);
  }
}

// The settings, the job's GPU count and the chassis, baseboard, PCIe and fabric.
void platform_part(FactBuilder& b) {
  add_settings_facts(b);
  add_gpu_total(b, b.decl().name_range, "node");
  add_topology_facts(b);
}

}  // namespace

}  // namespace gpuspec::facts
