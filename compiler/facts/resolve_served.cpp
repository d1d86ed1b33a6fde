// Facts of a server or cloud deployment read together with the workload it serves:
// how many of its GPUs share one NVLink domain (for tensor parallelism), and whether it
// reads a data set at all (for the data-volume rules).
#include <fmt/format.h>

#include "facts/fact_builder.h"

namespace gpuspec::facts {

namespace {

SourceRange range_of(const FactSet& facts, FactKey key, SourceRange fallback) {
  const Fact* fact = facts.find(key);
  return fact && fact->origin.range.valid() ? fact->origin.range : fallback;
}

// GPUs that reach each other over NVLink: the node behind an NVSwitch, the node of an
// SXM board (its modules are wired to each other directly when there is no switch, as on
// a 4-GPU HGX A100), a bridged pair of PCIe cards, else one GPU.
void add_nvlink_domain(FactBuilder& b) {
  FactSet& facts = b.facts();
  auto count = facts.quantity("gpu.count"_fact);
  if (!count) return;
  const std::string link = facts.symbol("gpu.link"_fact).value_or("pcie");
  const std::string form = facts.symbol("gpu.form_factor"_fact).value_or("");
  const bool linkable = facts.symbol("gpu.nvlink"_fact).value_or("none") != "none";
  double domain = 1;
  std::string why = fmt::format("GPUs linked by {}: one GPU per NVLink domain", link);
  if (count->value > 1 && link == "nvswitch") {
    domain = count->value;
    why = "NVSwitch: every GPU of the node";
  } else if (count->value > 1 && link == "nvlink_bridge" && linkable && form.starts_with("sxm")) {
    domain = count->value;
    why = fmt::format("{} modules on one baseboard: every GPU of the node", form);
  } else if (count->value > 1 && link == "nvlink_bridge" && linkable) {
    domain = 2;
    why = "an NVLink bridge joins a pair of PCIe cards";
  }
  b.derived("gpu.nvlink_domain"_fact, Value::number(domain), range_of(facts, "gpu.count"_fact, b.decl().name_range),
            Explanation(std::move(why)));
}

// Whether the deployment reads a data set from its data volume: training does, and so
// does inference over a data set (batch inference, embedding a corpus: the workload
// declares `dataset` or `samples`); serving a model loaded once does not. A deployment
// that serves no workload may be for anything, so it is judged as before.
void add_reads_data(FactBuilder& b) {
  FactSet& facts = b.facts();
  const Fact* trains = facts.find("workload.trains"_fact);
  bool reads = true;
  std::string why = "serves no workload: judged as a training box";
  if (trains && trains->value.boolean) {
    why = "the served workload trains";
  } else if (trains && (facts.find("workload.dataset"_fact) || facts.find("workload.samples"_fact))) {
    why = "the served workload reads a data set (dataset or samples declared)";
  } else if (trains) {
    reads = false;
    why = "the served workload serves a model loaded once (no training, no dataset or samples)";
  }
  b.derived("deploy.reads_data"_fact, Value::flag(reads), b.decl().name_range, Explanation(std::move(why)));
}

}  // namespace

void add_served_facts(FactBuilder& b) {
  add_nvlink_domain(b);
  add_reads_data(b);
}

}  // namespace gpuspec::facts
