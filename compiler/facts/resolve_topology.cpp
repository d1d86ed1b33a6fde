// How a server's parts fit together: the chassis (GPU bays, slots, board, airflow), the
// baseboard an SXM GPU rides on, the PCIe lanes the devices need against what the CPUs
// provide, and the NIC and switch ports of the fabric between nodes.
#include <fmt/format.h>

#include <string>
#include <vector>

#include "facts/compat_support.h"
#include "facts/fact_memo.h"
#include "facts/resolve_server_parts.h"

namespace gpuspec::facts {

namespace {

// The terms of pcie.lanes_needed's explanation, formatted only when a note prints it:
// formatting them for every server was most of the cost of the PCIe facts (issue 12).
struct LaneTerms {
  struct Term {
    const char* what;
    double lanes;
    double devices;
  };
  std::vector<Term> terms;
  std::vector<std::string> unknown;  // parts without a lane count
};

}  // namespace

}  // namespace gpuspec::facts

template <>
struct fmt::formatter<gpuspec::facts::LaneTerms> : fmt::formatter<std::string_view> {
  template <class Context>
  auto format(const gpuspec::facts::LaneTerms& t, Context& ctx) const {
    auto out = ctx.out();
    if (t.terms.empty()) out = fmt::format_to(out, "no device with a lane count");
    for (std::size_t i = 0; i < t.terms.size(); ++i) {
      out = fmt::format_to(out, "{}{} {} lanes ({} devices)", i ? " + " : "", t.terms[i].what, t.terms[i].lanes,
                           t.terms[i].devices);
    }
    if (!t.unknown.empty()) out = fmt::format_to(out, "; no lane count in the catalog for {}", fmt::join(t.unknown, ", "));
    return out;
  }
};

namespace gpuspec::facts {

namespace {

std::optional<double> number_of(const sema::DeclEntry& entry, std::string_view property) {
  const CatalogFact* fact = catalog_fact(entry, property);
  if (!fact || fact->value.type != Value::Type::Quantity) return std::nullopt;
  return fact->value.quantity.value;
}

}  // namespace

void add_chassis_facts(FactBuilder& b, const Counted& chassis) {
  const sema::DeclEntry& entry = *chassis.entry;
  b.derived("chassis.model"_fact, Value::symbol(entry.decl->name), chassis.range, "the referenced catalog entry");
  for (auto [fact, property] : {std::pair{"chassis.form"_fact, "form"},
                                {"chassis.max_gpus"_fact, "max_gpus"},
                                {"chassis.gpu_form"_fact, "gpu_form"},
                                {"chassis.sxm_socket"_fact, "sxm_socket"},
                                {"chassis.cpu_socket"_fact, "cpu_socket"},
                                {"chassis.cpu_sockets_required"_fact, "cpu_sockets_required"},
                                {"chassis.board_sockets"_fact, "board_sockets"},
                                {"chassis.psu_slots"_fact, "psu_slots"},
                                {"chassis.psu_forms"_fact, "psu_forms"},
                                {"chassis.expansion_slots"_fact, "expansion_slots"},
                                {"chassis.max_gpu_width"_fact, "max_gpu_width"},
                                {"chassis.pcie_switch"_fact, "pcie_switch"},
                                {"chassis.board"_fact, "board"},
                                {"chassis.airflow"_fact, "airflow"},
                                {"chassis.baseboard_gpus"_fact, "baseboard_gpus"},
                                {"chassis.baseboard_fabric"_fact, "baseboard_fabric"},
                                {"chassis.psu_modules"_fact, "psu_modules"}}) {
    b.catalog(fact, entry, property);
  }
  // A complete system's own CPUs (`cpu = 2 x amd.epyc_7742` of a DGX).
  const ast::Property* cpu = find_property(entry.decl->body, "cpu");
  if (auto own = cpu ? counted_reference(b.program(), *cpu->value) : std::nullopt; own && own->entry) {
    b.facts().set("chassis.cpu_model"_fact, Value::symbol(own->entry->decl->name),
                  Origin{Origin::Kind::Catalog, cpu->range, entry.decl->name, "the CPUs the system is sold with"});
    b.facts().set("chassis.cpu_sockets"_fact, Value::number(own->count),
                  Origin{Origin::Kind::Catalog, cpu->range, entry.decl->name, "the CPUs the system is sold with"});
  }
}

namespace {

// The baseboard that carries the node's SXM GPUs. An SXM system is built around one board
// (its chassis's `baseboard_gpus` and `baseboard_fabric`); without one recorded, it is the
// catalog's board of the node's GPU count. The board part is a `gpu_baseboard` whose `gpu`
// names the model and carries that many, else the first one for the model; only a board
// of the node's own count lends its published system power to the build
// (resolve_power.cpp).
void add_baseboard_facts(FactBuilder& b) {
  auto model = b.facts().symbol("gpu.model"_fact);
  auto count = b.facts().quantity("gpu.count"_fact);
  if (!model || !count) return;
  const Fact* chassis_board = b.facts().find("chassis.baseboard_gpus"_fact);
  const double wanted = chassis_board ? chassis_board->value.quantity.value : count->value;
  const sema::DeclEntry* board = nullptr;
  double on_board = 0;
  const ast::Property* gpu_property = nullptr;
  for (const auto* entry : entries_of_kind(b.program(), "part")) {
    if (string_property(*entry, "category") != "gpu_baseboard") continue;
    const ast::Property* p = find_property(entry->decl->body, "gpu");
    auto gpus = p ? counted_reference(b.program(), *p->value) : std::nullopt;
    if (!gpus || gpus->entry->decl->name != *model) continue;
    if (!board || (on_board != wanted && gpus->count == wanted)) {
      board = entry;
      on_board = gpus->count;
      gpu_property = p;
    }
  }
  // The chassis's own board decides how many GPUs it carries and how it links them,
  // whether or not the catalog has a board part of that size for this model.
  if (chassis_board) {
    b.facts().set("gpu.baseboard_gpus"_fact, chassis_board->value, chassis_board->origin);
    if (const Fact* fabric = b.facts().find("chassis.baseboard_fabric"_fact)) {
      b.facts().set("gpu.baseboard_fabric"_fact, fabric->value, fabric->origin);
    }
    if (on_board != wanted) return;
  }
  if (!board) return;
  b.facts().set("gpu.baseboard"_fact, Value::symbol(board->decl->name),
                Origin{Origin::Kind::Catalog, gpu_property->range, board->decl->name,
                       Explanation::format("the catalog's baseboard for {}", *model)});
  if (!chassis_board) {
    b.facts().set("gpu.baseboard_gpus"_fact, Value::number(on_board),
                  Origin{Origin::Kind::Catalog, gpu_property->range, board->decl->name, "GPUs on the board"});
  }
  if (!b.facts().find("gpu.baseboard_fabric"_fact)) b.catalog("gpu.baseboard_fabric"_fact, *board, "fabric");
  b.catalog("gpu.baseboard_system_power"_fact, *board, "system_power");
}

// The baseboard depends on the GPU model and count and the chassis's board (and the
// library's parts), and finding it walks every part of the catalog: found once per
// those per library and replayed (fact_memo.h).
void add_baseboard_facts_memoized(FactBuilder& b) {
  DiagnosticEngine none;
  memoized(library_memo(b.program()), "baseboard", b.program(), b.decl().name_range, b.facts(), none,
           [&](DiagnosticEngine&) { add_baseboard_facts(b); });
}

// The lanes the devices can hang off: the CPUs' own and, on a platform whose catalog entry
// has them, the chipset's (a desktop Z790 adds 28 behind its DMI link). A GPU needs CPU
// lanes; drives and NICs may sit behind the chipset. Without chipset lanes in the catalog
// the pool is the CPUs' alone, which the explanation says.
void add_lane_pool(FactBuilder& b) {
  const Fact* cpu_lanes = b.facts().find("cpu.pcie_lanes_total"_fact);
  auto cpu = b.facts().quantity("cpu.pcie_lanes_total"_fact);
  if (!cpu) return;
  if (auto chipset = b.facts().quantity("cpu.chipset_lanes"_fact)) {
    b.derived("pcie.lanes_available"_fact, Value::number(cpu->value + chipset->value), cpu_lanes->origin.range,
              Explanation::format("{} CPU lanes + {} chipset lanes", cpu->value, chipset->value));
  } else {
    b.derived("pcie.lanes_available"_fact, Value::number(cpu->value), cpu_lanes->origin.range,
              Explanation::format("{} CPU lanes; the catalog has no chipset lanes for this platform", cpu->value));
  }
}

// The node's devices as its spec declares them: the GPUs, the drives of every volume and
// the NICs, for the shared lane sum (add_pcie_facts below).
void add_declared_pcie_facts(FactBuilder& b) {
  PcieDevices devices;
  if (auto gpus = b.counted("gpu"); gpus && gpus->entry->decl->kind == "gpu") devices.gpus = gpus;
  for (const char* volume : {"system", "data", "checkpoint", "archive"}) {
    if (auto drives = volume_drives(b, volume)) devices.drives.push_back(*drives);
  }
  if (auto nics = b.counted("network.nic"); nics && nics->entry->decl->kind == "nic") devices.nics = nics;
  add_pcie_facts(b, devices);
}

// NIC ports and line rate per node, per GPU, and over the cluster against the switch
// ports: the fabric sizing multi-node training depends on.
void add_fabric_facts(FactBuilder& b) {
  double nodes = b.facts().quantity("nodes"_fact).value_or(units::Quantity::number(1)).value;
  if (auto nics = b.counted("network.nic"); nics && nics->entry->decl->kind == "nic") {
    b.catalog("network.nic.ports"_fact, *nics->entry, "ports");
    auto ports = number_of(*nics->entry, "ports");
    auto rate = b.facts().quantity("network.nic.bandwidth"_fact);
    if (ports && rate) {
      b.derived("network.node_bandwidth"_fact, Value::of(scaled(*rate, nics->count * *ports)), nics->range,
                Explanation::format("{} x {} port(s) x {}", nics->count, *ports, shown(*rate)));
      b.derived("network.fabric_ports"_fact, Value::number(nodes * nics->count * *ports), nics->range,
                Explanation::format("{} node(s) x {} NIC(s) x {} port(s)", nodes, nics->count, *ports));
    }
  }
  if (!b.facts().find("network.node_bandwidth"_fact)) {
    if (const Fact* declared = b.facts().find("network.bandwidth"_fact)) {
      b.facts().set("network.node_bandwidth"_fact, declared->value, declared->origin);
    }
  }
  if (auto switches = b.counted("network.switch"); switches && switches->entry->decl->kind == "part") {
    b.derived("network.switch.count"_fact, Value::number(switches->count), switches->range, switches->entry->decl->name);
    b.derived("network.switch.model"_fact, Value::symbol(switches->entry->decl->name), switches->range,
              "the referenced catalog entry");
    if (auto ports = number_of(*switches->entry, "ports")) {
      b.derived("network.switch.ports_total"_fact, Value::number(switches->count * *ports), switches->range,
                Explanation::format("{} x {} ports", switches->count, *ports));
    }
  }
  add_bandwidth_per_gpu(b);
}

}  // namespace

// PCIe lanes the node's devices take from the CPUs: x16 per GPU and NIC, x4 per NVMe
// drive, each from the part's catalog `pcie_lanes`. A part without a lane count is named
// in the explanation and left out, so the figure is a lower bound.
void add_pcie_facts(FactBuilder& b, const PcieDevices& devices) {
  if (const Fact* own = b.facts().find("chassis.pcie_switch"_fact)) {
    b.facts().set("pcie.switched"_fact, own->value, own->origin);
  } else {
    b.facts().set("pcie.switched"_fact, Value::flag(false),
                  Origin{Origin::Kind::Default, b.decl().name_range, {},
                         "no chassis with PCIe switches declared: every device counts against the CPU lanes"});
  }
  const auto& gpus = devices.gpus;
  if (!gpus) return;
  double lanes = 0;
  LaneTerms terms;
  // One term per kind of device: "NVMe drives 4 x 4" over every volume.
  auto add = [&](const std::vector<Counted>& groups, const char* what) {
    double devices = 0, kind_lanes = 0;
    for (const auto& parts : groups) {
      if (auto per_part = number_of(*parts.entry, "pcie_lanes")) {
        devices += parts.count;
        kind_lanes += parts.count * *per_part;
      } else {
        terms.unknown.push_back(parts.entry->decl->name);
      }
    }
    if (devices == 0) return;
    lanes += kind_lanes;
    terms.terms.push_back({what, kind_lanes, devices});
  };
  add({*gpus}, "GPUs");
  std::vector<Counted> nvme;
  for (const auto& drives : devices.drives) {
    if (string_property(*drives.entry, "interface") == "nvme") nvme.push_back(drives);
  }
  if (auto gpu_lanes = number_of(*gpus->entry, "pcie_lanes")) {
    b.derived("pcie.gpu_lanes"_fact, Value::number(gpus->count * *gpu_lanes), gpus->range,
              Explanation::format("{} GPUs x {} lanes", gpus->count, *gpu_lanes));
  }
  add(nvme, "NVMe drives");
  if (devices.nics) add({*devices.nics}, "NICs");
  b.derived("pcie.lanes_needed"_fact, Value::number(lanes), gpus->range, Explanation::format("{}", std::move(terms)));
  add_lane_pool(b);
}

void add_topology_facts(FactBuilder& b) {
  if (auto chassis = b.counted("chassis"); chassis && chassis->entry->decl->kind == "chassis") add_chassis_facts(b, *chassis);
  add_baseboard_facts_memoized(b);
  add_declared_pcie_facts(b);
  add_fabric_facts(b);
}

}  // namespace gpuspec::facts
