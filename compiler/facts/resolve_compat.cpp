// Facts of a server or cloud deployment derived from the stdlib's compatibility data
// (stdlib/compat/: export_restriction here, the CUDA tables in resolve_cuda.cpp) and from
// the software/acceptance stack, for the software, operations, storage and export policies.
//
// The software stack is the deployment's own `software` block, else the served
// workload's (`workload.software.*`). Every fact that is "not declared" where that is
// itself a finding (no containers, no monitoring, no burn-in) is a boolean with a
// `default` origin, so a policy can require it; facts that cannot be judged (an
// unknown framework release, an architecture without a CUDA entry) are left out so
// the policies reading them stay silent. Versions and dates are symbols ("12.1"), so
// messages print them bare.
#include <fmt/format.h>

#include <algorithm>

#include "facts/compat_support.h"
#include "facts/fact_memo.h"

namespace gpuspec::facts {

namespace {

// software.os_family, software.containerized, software.monitored.
void add_stack_facts(FactBuilder& b) {
  FactSet& facts = b.facts();
  if (const Fact* os = software(facts, "os")) {
    auto [name, version] = split_versioned(os->value.text);
    bool windows = name == "windows" || name == "windows_server";
    facts.set("software.os_family"_fact, Value::symbol(windows ? "windows" : "linux"),
              Origin{Origin::Kind::Derived, os->origin.range, {}, Explanation::format("{} is a {} system", os->value.display(),
                                                                              windows ? "Windows" : "Linux")});
  }
  auto in_use = [&](const std::string& key, const std::string& fact, const char* what) {
    const Fact* declared = software(facts, key);
    if (!declared) {
      facts.set(fact, Value::flag(false), default_origin(b.decl(), Explanation::format("no {} declared (software.{} defaults to none)", what, key)));
      return;
    }
    auto items = symbols_of(declared->value);
    bool used = std::any_of(items.begin(), items.end(), [](const std::string& s) { return s != "none"; });
    facts.set(fact, Value::flag(used), Origin{Origin::Kind::Derived, declared->origin.range, {},
                                              Explanation::format("software.{} = {}", key, declared->value.display())});
  };
  in_use("containers", "software.containerized", "container runtime");
  in_use("monitoring", "software.monitored", "GPU monitoring");
}

// gpu.export_restricted and the rule behind it.
void add_export_facts(FactBuilder& b) {
  FactSet& facts = b.facts();
  auto model = facts.symbol("gpu.model"_fact);
  auto region = facts.symbol("site.region"_fact);
  if (!model || !region) return;
  const sema::DeclEntry* rule = nullptr;
  std::string rule_since;
  for (const auto* entry : entries_of_kind(b.program(), "export_restriction")) {
    auto gpus = catalog_property(*entry, "gpus");
    auto regions = catalog_property(*entry, "regions");
    if (!gpus || !regions) continue;
    auto g = symbols_of(gpus->value);
    auto r = symbols_of(regions->value);
    if (std::find(g.begin(), g.end(), *model) == g.end() || std::find(r.begin(), r.end(), *region) == r.end()) continue;
    // The most recent rule that lists the GPU explains the restriction best.
    std::string since = string_property(*entry, "since").value_or("");
    if (!rule || since > rule_since) {
      rule = entry;
      rule_since = since;
    }
  }
  if (!rule) {
    facts.set("gpu.export_restricted"_fact, Value::flag(false),
              Origin{Origin::Kind::Derived, b.decl().name_range, {},
                     Explanation::format("no export_restriction entry lists {} for region {}", *model, *region)});
    return;
  }
  facts.set("gpu.export_restricted"_fact, Value::flag(true),
            catalog_origin(*rule, "gpus", Explanation::format("{} lists {} for region {}", rule->decl->name, *model, *region)));
  facts.set("gpu.export_rule"_fact, Value::symbol(rule->decl->name), catalog_origin(*rule, "description", "the rule"));
  if (!rule_since.empty()) facts.set("gpu.export_since"_fact, Value::symbol(rule_since), catalog_origin(*rule, "since", ""));
  if (auto review = string_property(*rule, "license_review")) {
    facts.set("gpu.export_license_review"_fact, Value::symbol(*review), catalog_origin(*rule, "license_review", ""));
  }
  if (auto alternatives = catalog_property(*rule, "alternatives")) {
    facts.set("gpu.export_alternatives"_fact, alternatives->value, alternatives->origin);
  }
}

// Plans declared in the acceptance block, and what the served workload says.
void add_plan_facts(FactBuilder& b) {
  FactSet& facts = b.facts();
  if (b.decl().kind == "server") {
    if (const Fact* burn_in = facts.find("acceptance.burn_in"_fact)) {
      facts.set("acceptance.burn_in_planned"_fact, Value::flag(true), burn_in->origin);
    } else {
      facts.set("acceptance.burn_in_planned"_fact, Value::flag(false), default_origin(b.decl(), "no acceptance.burn_in declared"));
    }
    // An undeclared RDMA test is a plan of none, so net.rdma-bandwidth-test can say so.
    if (!facts.find("acceptance.rdma_test"_fact)) {
      facts.set("acceptance.rdma_test"_fact, Value::symbol("none"), default_origin(b.decl(), "no acceptance.rdma_test declared"));
    }
    if (const Fact* bench = facts.find("acceptance.benchmark"_fact)) {
      auto items = symbols_of(bench->value);
      bool ok = std::any_of(items.begin(), items.end(), [](const std::string& s) { return s == "mlperf" || s == "torchbench"; });
      facts.set("acceptance.purchase_benchmark"_fact, Value::flag(ok),
                Origin{Origin::Kind::Derived, bench->origin.range, {},
                       Explanation::format("acceptance.benchmark = {}", bench->value.display())});
    } else {
      facts.set("acceptance.purchase_benchmark"_fact, Value::flag(false),
                default_origin(b.decl(), "no acceptance.benchmark declared"));
    }
  }
  // Only when a workload is served: otherwise nothing is known about it.
  if (const Fact* workload = facts.find("workload.name"_fact)) {
    const Fact* every = facts.find("workload.checkpoint_every"_fact);
    facts.set("workload.checkpointing"_fact, Value::flag(every != nullptr),
              every ? every->origin
                    : Origin{Origin::Kind::Default, workload->origin.range, {}, "no checkpoint_every declared"});
    const Fact* dataset = facts.find("workload.dataset"_fact);
    facts.set("workload.dataset_known"_fact, Value::flag(dataset != nullptr),
              dataset ? dataset->origin : Origin{Origin::Kind::Default, workload->origin.range, {}, "no dataset declared"});
  }
}

void add_shared_facts(FactBuilder& b) {
  add_stack_facts(b);
  add_cuda_facts(b);
  add_export_facts(b);
}

// The stack, CUDA and export facts depend on a few software properties, GPU and site
// facts and the library's compatibility tables: resolved once per distinct inputs per
// library and replayed (fact_memo.h records what they read): ~15 % of resolving a
// server before (issue 12).
void add_shared_facts_memoized(FactBuilder& b) {
  DiagnosticEngine none;
  memoized(library_memo(b.program()), "compat", b.program(), b.decl().name_range, b.facts(), none,
           [&](DiagnosticEngine&) { add_shared_facts(b); });
}

}  // namespace

void resolve_compat(FactBuilder& b) {
  add_shared_facts_memoized(b);
  add_plan_facts(b);
}

}  // namespace gpuspec::facts
