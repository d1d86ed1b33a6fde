#include "backends/cost/bom.h"

#include <fmt/format.h>

#include <cmath>

#include "backends/cost/bom_detail.h"
#include "facts/properties.h"

namespace gpuspec::cost {

namespace {

using facts::Value;
using bom_detail::catalog_text;

std::optional<double> catalog_number(const sema::DeclEntry& entry, std::string_view key) {
  const facts::CatalogFact* v = facts::catalog_fact(entry, key);
  if (!v || v->value.type != Value::Type::Quantity) return std::nullopt;
  return v->value.quantity.value;
}

bool lists(const sema::DeclEntry& entry, std::string_view key, const std::string& name) {
  const facts::CatalogFact* v = facts::catalog_fact(entry, key);
  if (!v || v->value.type != Value::Type::List) return false;
  for (const auto& item : v->value.items) {
    if (item.text == name) return true;
  }
  return false;
}

// Library `part` declarations, in name order (deterministic).
std::vector<const sema::DeclEntry*> parts_of(const sema::Program& program, const std::string& category) {
  std::vector<const sema::DeclEntry*> out;
  for (const auto* entry : program.declarations_of_kind("part")) {
    if (catalog_text(*entry, "category") == category) out.push_back(entry);
  }
  return out;
}

class BomBuilder {
 public:
  BomBuilder(const sema::Program& program, const ast::Declaration& decl, Bom& bom)
      : program_(program), decl_(decl), bom_(bom) {}

  std::optional<facts::Counted> counted(std::string_view path) const {
    const ast::Property* p = facts::find_property(decl_.body, path);
    if (!p) return std::nullopt;
    auto c = facts::counted_reference(program_, *p->value);
    if (c) c->range = p->range;
    return c;
  }

  void add(std::string role, const sema::DeclEntry& part, double per_node, SourceRange at, bool implied = false,
           std::string why = "") {
    std::string description = catalog_text(part, "description");
    BomLine& line = push(std::move(role), description.empty() ? part.decl->name : description, per_node, at,
                         implied, std::move(why));
    line.part = part.decl->name;
  }

  // A line the build needs that has no catalog part (a board size the catalog lacks): it
  // names what is needed and is never priced, so the total stays a lower bound.
  void add_unknown(std::string role, std::string needed, double per_node, SourceRange at, std::string why) {
    push(std::move(role), std::move(needed), per_node, at, true, std::move(why));
  }

  void add_cluster(std::string role, const sema::DeclEntry& part, double quantity, SourceRange at, bool implied,
                   std::string why) {
    add(std::move(role), part, 0, at, implied, std::move(why));
    bom_.lines.back().quantity = quantity;
  }

 private:
  BomLine& push(std::string role, std::string description, double per_node, SourceRange at, bool implied,
                std::string why) {
    BomLine line;
    line.role = std::move(role);
    line.description = std::move(description);
    line.per_node = per_node;
    line.quantity = per_node * bom_.nodes;
    line.implied = implied;
    line.why = std::move(why);
    line.at = at;
    bom_.lines.push_back(std::move(line));
    return bom_.lines.back();
  }

  const sema::Program& program_;
  const ast::Declaration& decl_;
  Bom& bom_;
};

// The HGX boards the node's SXM GPUs mount on: the catalog board gpu.baseboard names when
// it carries the board size (the chassis's `baseboard_gpus`, else a size the GPU count
// fills), one per that many GPUs. Without such a part (no 4-GPU board for the model in
// the catalog, say) the line names the board it needs and has no part to price, so the
// total is a lower bound: another size's board and its price are never substituted.
void add_baseboards(const sema::Program& program, const facts::FactSet& facts, const facts::Counted& gpus,
                    BomBuilder& b) {
  const bool chassis_sized = facts.quantity("chassis.baseboard_gpus").has_value();
  const auto board_size = facts.quantity("gpu.baseboard_gpus");
  const double size = chassis_sized && board_size ? board_size->value : gpus.count;
  if (auto name = facts.symbol("gpu.baseboard")) {
    const sema::DeclEntry* board = program.find(*name);
    const ast::Property* p = board ? facts::find_property(board->decl->body, "gpu") : nullptr;
    auto on_board = p ? facts::counted_reference(program, *p->value) : std::nullopt;
    if (on_board && on_board->count > 0 &&
        (on_board->count == size || (!chassis_sized && std::fmod(gpus.count, on_board->count) == 0))) {
      b.add("gpu_baseboard", *board, std::ceil(gpus.count / on_board->count), gpus.range, true,
            fmt::format("SXM GPUs mount on a baseboard of {}", on_board->count));
      return;
    }
  }
  if (size <= 0) return;
  b.add_unknown("gpu_baseboard", fmt::format("HGX baseboard for {:g} x {}", size, gpus.entry->decl->name),
                std::ceil(gpus.count / size), gpus.range,
                fmt::format("SXM GPUs mount on a baseboard of {:g}{}; the catalog has no such board for {}", size,
                            chassis_sized ? " (the chassis's board)" : "", gpus.entry->decl->name));
}

}  // namespace

units::Currency site_currency(const facts::FactSet& facts) {
  auto code = currency_from_code(facts.symbol("site.currency").value_or("USD"));
  return code == units::Currency::None ? units::Currency::USD : code;
}

Bom build_bom(const sema::Program& program, const sema::DeclEntry& server, const facts::FactSet& facts,
              const PriceBook& book, std::optional<units::Currency> currency, DiagnosticEngine& diags) {
  const ast::Declaration& decl = *server.decl;
  Bom bom;
  bom.server = decl.name;
  bom.currency = currency.value_or(site_currency(facts));
  bom.nodes = facts.quantity("nodes").value_or(units::Quantity::number(1)).value;
  const std::string region = facts.symbol("site.region").value_or("other");
  BomBuilder b(program, decl, bom);

  if (auto gpus = b.counted("gpu"); gpus && gpus->entry->decl->kind == "gpu") {
    const std::string gpu = gpus->entry->decl->name;
    b.add("gpu", *gpus->entry, gpus->count, gpus->range);
    // SXM GPUs ride on an HGX baseboard of the chassis's board size (gpu.baseboard_gpus),
    // or, when the chassis records none, one that the node's GPUs fill.
    if (catalog_text(*gpus->entry, "form_factor").starts_with("sxm")) add_baseboards(program, facts, *gpus, b);
    // PCIe cards joined by NVLink bridges: one bridge per pair (stdlib/parts.gpuspec).
    if (facts.symbol("gpu.link").value_or("") == "nvlink_bridge") {
      const ast::Property* link = facts::find_property(decl.body, "gpu_link");
      for (const auto* bridge : parts_of(program, "nvlink_bridge")) {
        if (!lists(*bridge, "compatible_with", gpu)) continue;
        b.add("nvlink_bridge", *bridge, std::floor(gpus->count / 2), link ? link->range : gpus->range, true,
              "one bridge per pair of cards");
        break;
      }
    }
  }
  if (auto cpus = b.counted("cpu")) b.add("cpu", *cpus->entry, cpus->count, cpus->range);
  if (auto dimms = b.counted("memory")) b.add("memory", *dimms->entry, dimms->count, dimms->range);
  for (std::string volume : {"system", "data", "checkpoint", "archive"}) {
    std::string path = "storage." + volume;
    auto drives = facts::find_block(decl.body, path) ? b.counted(path + ".drives") : b.counted(path);
    if (drives && drives->entry->decl->kind == "disk") b.add(path, *drives->entry, drives->count, drives->range);
  }
  if (auto psus = b.counted("psu")) b.add("psu", *psus->entry, psus->count, psus->range);
  if (auto chassis = b.counted("chassis")) b.add("chassis", *chassis->entry, 1, chassis->range);
  if (auto board = b.counted("motherboard")) b.add("motherboard", *board->entry, 1, board->range);
  if (auto cooler = b.counted("cooler")) b.add("cooling", *cooler->entry, cooler->count, cooler->range);
  auto nics = b.counted("network.nic");
  if (nics) b.add("nic", *nics->entry, nics->count, nics->range);

  // The fabric between nodes: declared switches, or implied ones for an InfiniBand
  // cluster, and one cable per NIC port.
  bool multi = bom.nodes > 1;
  auto switches = b.counted("network.switch");
  if (switches) b.add_cluster("switch", *switches->entry, switches->count, switches->range, false, "");
  if (multi && nics) {
    const std::string nic = nics->entry->decl->name;
    auto nic_bw = catalog_number(*nics->entry, "bandwidth");
    double links = bom.nodes * nics->count;
    if (!switches && facts.symbol("network.fabric").value_or("") == "infiniband" && nic_bw) {
      for (const auto* sw : parts_of(program, "switch")) {
        auto bw = catalog_number(*sw, "port_bandwidth");
        auto ports = catalog_number(*sw, "ports");
        if (catalog_text(*sw, "fabric") != "infiniband" || !bw || !ports || *bw != *nic_bw || *ports <= 0) continue;
        b.add_cluster("switch", *sw, std::ceil(links / *ports), nics->range, true,
                      fmt::format("{} NIC ports / {} switch ports", links, *ports));
        break;
      }
    }
    for (const auto* cable : parts_of(program, "cable")) {
      if (!lists(*cable, "compatible_with", nic)) continue;
      b.add_cluster("cable", *cable, links, nics->range, true, fmt::format("one per NIC port: {} nodes x {}", bom.nodes, nics->count));
      break;
    }
  }

  bom_detail::price_lines(program, decl, region, book, bom, diags);
  bom.missing_roles = bom_detail::missing_roles(program, decl);
  for (const auto& role : bom.missing_roles) {
    // The role costs something nobody priced: the total is a lower bound, never complete.
    bom.total.missing(role.role + " (not in the build)");
    auto& d = diags.report("bom.incomplete", Severity::Warning, role.at,
                           fmt::format("the build has no {}: {}", role.role, role.why));
    d.declaration = decl.name;
    d.hint = role.hint;
  }
  bom.full_load = facts.quantity("power.full_load");
  bom.psu_capacity = facts.quantity("psu.capacity");
  bom.memory_total = facts.quantity("memory.total");
  bom.vram_total = facts.quantity("gpu.vram_total");
  return bom;
}

namespace bom_detail {

std::string catalog_text(const sema::DeclEntry& entry, std::string_view key) {
  const facts::CatalogFact* v = facts::catalog_fact(entry, key);
  return v && (v->value.type == Value::Type::String || v->value.type == Value::Type::Symbol) ? v->value.text : "";
}

}  // namespace bom_detail

}  // namespace gpuspec::cost
