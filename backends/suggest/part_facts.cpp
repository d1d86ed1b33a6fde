#include "backends/suggest/part_facts.h"

#include "facts/fact_builder.h"

namespace gpuspec::suggest {

using facts::literals::operator""_fact;

namespace {

// A part's resolver over the layer. The builder's declaration is the part's own: the
// part functions read only the counted entry (and the program, for a system's own CPUs),
// never a spec's properties, which the search has not written yet.
template <class Add>
void add_part(const sema::Program& program, facts::FactSet& facts, const sema::DeclEntry& entry, double count, Add add) {
  facts::FactBuilder b(program, *entry.decl, facts);
  add(b, facts::Counted{count, &entry, {}});
}

// A choice of the search as a spec declares it (FactBuilder::declared: a bare name is a symbol).
void declare(facts::FactSet& facts, std::string_view fact, std::string_view symbol) {
  facts.set(fact, facts::Value::symbol(std::string(symbol)), facts::Origin{facts::Origin::Kind::Declared, {}, {}, {}});
}

}  // namespace

PartFacts& PartFacts::gpus(const sema::DeclEntry& gpu, int count) {
  add_part(program_, facts_, gpu, count, [](facts::FactBuilder& b, const facts::Counted& c) {
    facts::add_gpu_facts(b, c, c.range);
  });
  return *this;
}

PartFacts& PartFacts::nodes(const sema::DeclEntry& gpu, int nodes, std::string_view unit) {
  facts_.set("nodes"_fact, facts::Value::number(nodes), facts::Origin{facts::Origin::Kind::Declared, {}, {}, {}});
  facts::FactBuilder b(program_, *gpu.decl, facts_);
  facts::add_gpu_total(b, {}, unit);
  return *this;
}

PartFacts& PartFacts::chassis(const sema::DeclEntry& chassis) {
  add_part(program_, facts_, chassis, 1, facts::add_chassis_facts);
  return *this;
}

PartFacts& PartFacts::variant(std::string_view link, std::string_view cooling) {
  if (!link.empty()) declare(facts_, "gpu.link", link);
  if (!cooling.empty()) declare(facts_, "cooling.kind", cooling);
  return *this;
}

PartFacts& PartFacts::site(std::string_view region) {
  if (!region.empty()) declare(facts_, "site.region", region);
  return *this;
}

PartFacts& PartFacts::server_budget(const units::Quantity& budget) {
  declare(facts_, "deploy.kind", "onprem");
  facts_.set("budget"_fact, facts::Value::of(budget), facts::Origin{facts::Origin::Kind::Declared, {}, {}, {}});
  return *this;
}

PartFacts& PartFacts::cpus(const sema::DeclEntry& cpu, int sockets) {
  add_part(program_, facts_, cpu, sockets, facts::add_cpu_facts);
  return *this;
}

PartFacts& PartFacts::dimms(const sema::DeclEntry& dimm, int count) {
  add_part(program_, facts_, dimm, count, facts::add_memory_facts);
  return *this;
}

PartFacts& PartFacts::psus(const sema::DeclEntry& psu, int count, std::string_view mode) {
  declare(facts_, "psu.mode", mode);
  add_part(program_, facts_, psu, count, facts::add_psu_facts);
  return *this;
}

PartFacts& PartFacts::pcie(const facts::PcieDevices& devices) {
  facts::FactBuilder b(program_, *devices.gpus->entry->decl, facts_);
  facts::add_pcie_facts(b, devices);
  return *this;
}

}  // namespace gpuspec::suggest
