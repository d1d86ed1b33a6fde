#include "backends/suggest/workload_view.h"

#include "facts/resolve.h"
#include "facts/resolve_workload.h"
#include "facts/resolve_workload_memory.h"
#include "units/integral.h"

namespace gpuspec::suggest {

namespace {
constexpr double kSecondsPerMonth = 730.0 * 3600;
}

WorkloadView view_workload(const sema::Program& program, const sema::DeclEntry& workload) {
  DiagnosticEngine scratch;  // the workload's own problems are `check`'s to report
  facts::FactSet f = facts::resolve_facts(program, workload, scratch);
  WorkloadView view;
  view.entry = &workload;
  view.name = workload.decl->name;
  if (const facts::Fact* trains = f.find("workload.trains")) view.trains = trains->value.boolean;
  if (auto d = f.quantity("workload.dataset")) view.dataset_bytes = d->value;
  if (auto h = f.quantity("workload.horizon")) view.horizon_months = h->value / kSecondsPerMonth;
  view.budget = f.quantity("workload.budget");
  if (f.symbol("workload.offload").value_or("none") != "none" && view.trains) {
    view.offload_input = facts::workload_estimator_input(*workload.decl, f, 1);
  }
  // The workload's facts as a deployment serving it has them, but the memory estimate.
  auto own = std::make_shared<facts::FactSet>(workload.decl->name, "server");
  facts::add_workload_base_facts(program, workload, *own);
  // A deployment also knows whether the workload declares a data set (resolve_compat.cpp).
  own->set("workload.dataset_known", facts::Value::flag(own->find("workload.dataset") != nullptr), {});
  view.facts = std::move(own);
  return view;
}

double offload_host_bytes(const WorkloadView& workload, int per_node, int nodes) {
  if (!workload.offload_input) return 0;
  return facts::estimate_host_offload(*workload.offload_input, per_node, nodes, false).host;
}

const facts::FactSet& WorkloadOnGpus::on(int total_gpus) {
  auto& facts = cache_[total_gpus];
  if (!facts) {
    facts = std::make_unique<facts::FactSet>(workload_.decl->name, "server");
    DiagnosticEngine scratch;  // the workload's own problems are `check`'s to report
    facts::add_workload_facts(program_, workload_, *facts, total_gpus, scratch);
  }
  return *facts;
}

}  // namespace gpuspec::suggest
