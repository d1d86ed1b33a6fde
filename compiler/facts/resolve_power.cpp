// The power model of a server node: the full-load draw from every component's maximum
// (GPU board power, CPU maximum power, DIMMs, drives, NICs, and an allowance for fans,
// board and whatever the catalog has no figure for), each term a fact of its own; for an
// HGX system the vendor's published system maximum when it is higher. Then the PSU
// capacity each psu_mode leaves for that load: the supplies that carry it in normal
// operation, and what remains when the redundancy is used.
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "facts/resolve_server_parts.h"

namespace gpuspec::facts {

namespace {

units::Quantity watts(double value) { return {value, units::Dimension::power(), units::Currency::None}; }

// One term of the full load: its fact, label and value, or the parts it could not price.
struct LoadTerms {
  double total = 0;
  std::vector<std::string> terms;    // "GPUs 5.6 kW"
  std::vector<std::string> unknown;  // catalog entries without a power figure

  void add(FactBuilder& b, const char* fact, const char* label, units::Quantity value, SourceRange range,
           Explanation explanation) {
    b.derived(fact, Value::of(value), range, std::move(explanation));
    total += value.value;
    terms.push_back(fmt::format("{} {}", label, units::format(value)));
  }
};

// `count` parts of `entry` at its catalog `power`; false (and the part named) when the
// catalog has no figure.
bool part_power(const sema::DeclEntry& entry, double count, double& sum, std::vector<std::string>& parts,
                LoadTerms& load) {
  const CatalogFact* power = catalog_fact(entry, "power");  // read in place, not copied
  if (!power || power->value.type != Value::Type::Quantity) {
    load.unknown.push_back(entry.decl->name);
    return false;
  }
  sum += count * power->value.quantity.value;
  parts.push_back(fmt::format("{} x {}", count, units::format(power->value.quantity)));
  return true;
}

// A term summed over counted parts; the fact is set only when every part has a figure.
void add_parts_term(FactBuilder& b, LoadTerms& load, const char* fact, const char* label,
                    const std::vector<Counted>& groups) {
  if (groups.empty()) return;
  double sum = 0;
  std::vector<std::string> parts;
  bool complete = true;
  for (const auto& group : groups) complete = part_power(*group.entry, group.count, sum, parts, load) && complete;
  if (!complete) return;
  load.add(b, fact, label, watts(sum), groups.front().range, fmt::format("{}", fmt::join(parts, " + ")));
}

}  // namespace

void add_load_facts(FactBuilder& b) {
  FactSet& facts = b.facts();
  // 002 Q1 budgets "other components" at 100 W; here it also covers the fans and board
  // and every part the catalog has no power figure for.
  b.declared_or_default("power.other"_fact, "other_power", Value::of(watts(100)),
                        "002 Q1's allowance for other components (100 W): fans, board, and the parts "
                        "without a catalog power figure");
  auto gpus = facts.quantity("gpu.board_power_total"_fact);
  auto cpus = facts.quantity("cpu.max_power_total"_fact);
  if (!gpus || !cpus) return;
  LoadTerms load;
  // These explanations quote others: a copy of a deferred one defers too.
  load.add(b, "power.gpus", "GPUs", *gpus, facts.find("gpu.board_power_total"_fact)->origin.range,
           Explanation::format("{} board power", facts.find("gpu.board_power_total"_fact)->origin.explanation));
  const Fact* cpu_max = facts.find("cpu.max_power"_fact);
  Explanation cpu_why = cpu_max && !cpu_max->origin.explanation.empty() ? cpu_max->origin.explanation : "maximum power";
  load.add(b, "power.cpus", "CPUs", *cpus, facts.find("cpu.max_power_total"_fact)->origin.range,
           Explanation::format("{} ({})", facts.find("cpu.max_power_total"_fact)->origin.explanation, cpu_why));

  if (auto dimms = b.counted("memory"); dimms && dimms->entry->decl->kind == "memory") {
    add_parts_term(b, load, "power.memory", "memory", {*dimms});
  }
  std::vector<Counted> drives;
  for (const char* volume : {"system", "data", "checkpoint", "archive"}) {
    if (auto d = volume_drives(b, volume)) drives.push_back(*d);
  }
  add_parts_term(b, load, "power.storage", "drives", drives);
  if (auto nics = b.counted("network.nic"); nics && nics->entry->decl->kind == "nic") {
    add_parts_term(b, load, "power.network", "NICs", {*nics});
  }
  auto other = facts.quantity("power.other"_fact);
  load.total += other->value;
  load.terms.push_back(fmt::format("other {}", units::format(*other)));

  std::string components = fmt::format("{}", fmt::join(load.terms, " + "));
  std::string unpriced;
  if (!load.unknown.empty()) {
    unpriced = fmt::format("; no catalog power figure for {} (in other)", fmt::join(load.unknown, ", "));
  }
  SourceRange at = b.decl().name_range;
  b.derived("power.components"_fact, Value::of(watts(load.total)), at, components + unpriced);

  // An HGX system: the vendor's published maximum for the complete system on this
  // baseboard, when the node carries the whole board, covers fans, NVSwitches and
  // everything else the component sum misses.
  std::string breakdown = components;
  double full = load.total;
  auto on_board = facts.quantity("gpu.baseboard_gpus"_fact);
  auto count = facts.quantity("gpu.count"_fact);
  const Fact* system = facts.find("gpu.baseboard_system_power"_fact);
  if (system && on_board && count && on_board->value == count->value) {
    facts.set("power.system_max"_fact, system->value, system->origin);
    if (system->value.quantity.value > full) {
      full = system->value.quantity.value;
      breakdown = fmt::format("the vendor's published maximum for a complete system on {}, above the components' {}",
                              system->origin.entry, units::format(watts(load.total)));
    }
  }
  b.derived("power.breakdown"_fact, Value::symbol(breakdown), at, "the terms of power.full_load");
  b.derived("power.full_load"_fact, Value::of(watts(full)), at,
            breakdown == components ? components + unpriced
                                    : fmt::format("{} ({}{})", breakdown, components, unpriced));
}

// psu.capacity_carrying: the supplies that carry the load in normal operation (N+1 keeps
// one spare); psu.capacity_after_failure: what is left when the redundancy is used (one
// supply failed, or one of two feeds lost with its half of the supplies).
void add_psu_facts(FactBuilder& b, const Counted& psus) {
  const auto& psu = *psus.entry;
  double n = psus.count;
  b.derived("psu.count"_fact, Value::number(n), psus.range, Explanation::format("{} x {}", n, psu.decl->name));
  b.derived("psu.model"_fact, Value::symbol(psu.decl->name), psus.range, "the referenced catalog entry");
  b.catalog("psu.unit_capacity"_fact, psu, "capacity");
  b.catalog("psu.efficiency"_fact, psu, "efficiency");
  b.catalog("psu.form_factor"_fact, psu, "form_factor");
  b.catalog("psu.hot_swap"_fact, psu, "hot_swap");
  b.catalog("psu.module_family"_fact, psu, "module_family");
  auto unit = b.facts().quantity("psu.unit_capacity"_fact);
  if (!unit) return;
  auto supplies = [&](double k) { return scaled(*unit, std::max(0.0, k)); };
  b.derived("psu.capacity"_fact, Value::of(supplies(n)), psus.range, Explanation::format("{} x {}", n, shown(*unit)));
  b.derived("psu.capacity_one_failed"_fact, Value::of(supplies(n - 1)), psus.range,
            Explanation::format("{} x {} (one of {} failed)", n - 1, shown(*unit), n));
  std::string mode = b.facts().symbol("psu.mode"_fact).value_or("single");
  // psu.carrying says in words which supplies carry the load (for messages).
  auto carrying = [&](double k, std::string why) {
    std::string text = fmt::format("{} x {}{}", k, units::format(*unit), why);
    b.derived("psu.capacity_carrying"_fact, Value::of(supplies(k)), psus.range, text);
    b.derived("psu.carrying"_fact, Value::symbol(text), psus.range, Explanation::format("psu_mode = {}", mode));
  };
  if (mode == "redundant") {
    carrying(n - 1, fmt::format("; N+1, one of the {} is the spare", n));
    b.derived("psu.capacity_after_failure"_fact, Value::of(supplies(n - 1)), psus.range,
              Explanation::format("{} x {} with one of {} failed", n - 1, shown(*unit), n));
    b.derived("psu.failover"_fact, Value::symbol(fmt::format("with one of its {} PSUs failed, {} remain", n,
                                                        units::format(supplies(n - 1)))),
              psus.range, "psu_mode = redundant");
  } else if (mode == "dual_feed") {
    // The supplies split over the two feeds; losing the feed with more of them leaves the rest.
    double survivors = std::floor(n / 2);
    carrying(n, " on two feeds that share the load");
    b.derived("psu.capacity_after_failure"_fact, Value::of(supplies(survivors)), psus.range,
              Explanation::format("{} x {} on the remaining feed", survivors, shown(*unit)));
    b.derived("psu.failover"_fact, Value::symbol(fmt::format("with one feed lost, {} ({} of {} PSUs) remain",
                                                        units::format(supplies(survivors)), survivors, n)),
              psus.range, "psu_mode = dual_feed");
  } else {
    carrying(n, "");
    b.derived("psu.failover"_fact, Value::symbol("nothing is planned for a failed PSU"), psus.range, "psu_mode = single");
  }
}

void add_supply_facts(FactBuilder& b) {
  b.declared_or_default("psu.mode"_fact, "psu_mode", Value::symbol("single"), "schema default");
  if (auto psus = b.counted("psu"); psus && psus->entry->decl->kind == "psu") add_psu_facts(b, *psus);
}

}  // namespace gpuspec::facts
