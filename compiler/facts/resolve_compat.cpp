// Facts of a server or cloud deployment derived from the stdlib's compatibility data
// (stdlib/compat/: framework_release, cuda_arch, export_restriction) and from the
// software/acceptance stack, for the software, operations, storage and export policies.
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

namespace gpuspec::facts {

namespace {

// software.os_family, software.containerized, software.monitored.
void add_stack_facts(FactBuilder& b) {
  FactSet& facts = b.facts();
  if (const Fact* os = software(facts, "os")) {
    auto [name, version] = split_versioned(os->value.text);
    bool windows = name == "windows" || name == "windows_server";
    facts.set("software.os_family", Value::symbol(windows ? "windows" : "linux"),
              Origin{Origin::Kind::Derived, os->origin.range, {}, fmt::format("{} is a {} system", os->value.display(),
                                                                              windows ? "Windows" : "Linux")});
  }
  auto in_use = [&](const std::string& key, const std::string& fact, const char* what) {
    const Fact* declared = software(facts, key);
    if (!declared) {
      facts.set(fact, Value::flag(false), default_origin(b.decl(), fmt::format("no {} declared (software.{} defaults to none)", what, key)));
      return;
    }
    auto items = symbols_of(declared->value);
    bool used = std::any_of(items.begin(), items.end(), [](const std::string& s) { return s != "none"; });
    facts.set(fact, Value::flag(used), Origin{Origin::Kind::Derived, declared->origin.range, {},
                                              fmt::format("software.{} = {}", key, declared->value.display())});
  };
  in_use("containers", "software.containerized", "container runtime");
  in_use("monitoring", "software.monitored", "GPU monitoring");
}

// software.framework_*, software.cuda_*: framework_release and cuda_arch entries.
void add_cuda_facts(FactBuilder& b) {
  FactSet& facts = b.facts();
  const Fact* cuda = software(facts, "cuda");
  std::vector<int> cuda_version;
  if (cuda && cuda->value.type == Value::Type::String) {
    cuda_version = parse_version(cuda->value.text);
    facts.set("software.cuda_version", Value::symbol(cuda->value.text), cuda->origin);
  }

  // The framework: the first one with a compatibility table, else the first declared.
  if (const Fact* framework = software(facts, "framework")) {
    auto items = symbols_of(framework->value);
    std::string chosen;
    for (const auto& item : items) {
      auto name = split_versioned(item).first;
      if (name == "pytorch" || name == "tensorflow") {
        chosen = item;
        break;
      }
    }
    if (chosen.empty() && !items.empty()) chosen = items.front();
    auto [name, version] = split_versioned(chosen);
    if (!name.empty()) {
      facts.set("software.framework_name", Value::symbol(name), framework->origin);
      facts.set("software.framework_version", Value::symbol(version), framework->origin);
      std::vector<int> wanted = parse_version(version);
      const sema::DeclEntry* release = nullptr;
      for (const auto* entry : entries_of_kind(b.program(), "framework_release")) {
        if (string_property(*entry, "framework") != name) continue;
        auto v = string_property(*entry, "version");
        // Releases are major.minor: pytorch@2.3.1 is the 2.3 entry.
        if (v && !wanted.empty() && compare_versions(parse_version(*v), wanted, 2) == 0) release = entry;
      }
      if (!release) {
        facts.set("software.framework_known", Value::flag(false),
                  Origin{Origin::Kind::Derived, framework->origin.range, {},
                         fmt::format("no framework_release entry for {} in the stdlib", chosen)});
      } else {
        facts.set("software.framework_known", Value::flag(true),
                  catalog_origin(*release, "version", fmt::format("{} is {}", chosen, release->decl->name)));
        std::vector<std::string> supported;
        if (auto list = catalog_property(*release, "cuda")) supported = symbols_of(list->value);
        std::vector<Value> items_out;
        for (const auto& s : supported) items_out.push_back(Value::symbol(s));
        facts.set("software.framework_cuda", Value::list(std::move(items_out)),
                  catalog_origin(*release, "cuda", fmt::format("CUDA builds of {}", release->decl->name)));
        if (!cuda_version.empty()) {
          // "12.1" matches 12.1; a bare "12" matches any 12.x build.
          std::size_t depth = std::min<std::size_t>(2, cuda_version.size());
          bool ok = std::any_of(supported.begin(), supported.end(), [&](const std::string& s) {
            return compare_versions(parse_version(s), cuda_version, depth) == 0;
          });
          facts.set("software.cuda_supported_by_framework", Value::flag(ok),
                    catalog_origin(*release, "cuda",
                                   fmt::format("CUDA {} {} [{}] of {}", cuda->value.text, ok ? "is in" : "is not in",
                                               join(supported), release->decl->name)));
        }
      }
    }
  }

  // The GPU architecture's minimum CUDA version.
  auto arch = facts.symbol("gpu.arch");
  if (!arch) return;
  for (const auto* entry : entries_of_kind(b.program(), "cuda_arch")) {
    if (string_property(*entry, "arch") != *arch) continue;
    auto min = string_property(*entry, "min_cuda");
    if (!min) continue;
    facts.set("software.arch_min_cuda", Value::symbol(*min),
              catalog_origin(*entry, "min_cuda", fmt::format("{} needs CUDA >= {}", *arch, *min)));
    if (!cuda_version.empty()) {
      bool ok = compare_versions(cuda_version, parse_version(*min), 2) >= 0;
      facts.set("software.cuda_supports_arch", Value::flag(ok),
                catalog_origin(*entry, "min_cuda",
                               fmt::format("CUDA {} {} {} {} for {}", cuda->value.text, ok ? ">=" : "<", *min,
                                           entry->decl->name, *arch)));
    }
    return;
  }
}

// gpu.export_restricted and the rule behind it.
void add_export_facts(FactBuilder& b) {
  FactSet& facts = b.facts();
  auto model = facts.symbol("gpu.model");
  auto region = facts.symbol("site.region");
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
    facts.set("gpu.export_restricted", Value::flag(false),
              Origin{Origin::Kind::Derived, b.decl().name_range, {},
                     fmt::format("no export_restriction entry lists {} for region {}", *model, *region)});
    return;
  }
  facts.set("gpu.export_restricted", Value::flag(true),
            catalog_origin(*rule, "gpus", fmt::format("{} lists {} for region {}", rule->decl->name, *model, *region)));
  facts.set("gpu.export_rule", Value::symbol(rule->decl->name), catalog_origin(*rule, "description", "the rule"));
  if (!rule_since.empty()) facts.set("gpu.export_since", Value::symbol(rule_since), catalog_origin(*rule, "since", ""));
  if (auto alternatives = catalog_property(*rule, "alternatives")) {
    facts.set("gpu.export_alternatives", alternatives->value, alternatives->origin);
  }
}

// Plans declared in the acceptance block, and what the served workload says.
void add_plan_facts(FactBuilder& b) {
  FactSet& facts = b.facts();
  if (b.decl().kind == "server") {
    if (const Fact* burn_in = facts.find("acceptance.burn_in")) {
      facts.set("acceptance.burn_in_planned", Value::flag(true), burn_in->origin);
    } else {
      facts.set("acceptance.burn_in_planned", Value::flag(false), default_origin(b.decl(), "no acceptance.burn_in declared"));
    }
    // An undeclared RDMA test is a plan of none, so net.rdma-bandwidth-test can say so.
    if (!facts.find("acceptance.rdma_test")) {
      facts.set("acceptance.rdma_test", Value::symbol("none"), default_origin(b.decl(), "no acceptance.rdma_test declared"));
    }
    if (const Fact* bench = facts.find("acceptance.benchmark")) {
      auto items = symbols_of(bench->value);
      bool ok = std::any_of(items.begin(), items.end(), [](const std::string& s) { return s == "mlperf" || s == "torchbench"; });
      facts.set("acceptance.purchase_benchmark", Value::flag(ok),
                Origin{Origin::Kind::Derived, bench->origin.range, {},
                       fmt::format("acceptance.benchmark = {}", bench->value.display())});
    } else {
      facts.set("acceptance.purchase_benchmark", Value::flag(false),
                default_origin(b.decl(), "no acceptance.benchmark declared"));
    }
  }
  // Only when a workload is served: otherwise nothing is known about it.
  if (const Fact* workload = facts.find("workload.name")) {
    const Fact* every = facts.find("workload.checkpoint_every");
    facts.set("workload.checkpointing", Value::flag(every != nullptr),
              every ? every->origin
                    : Origin{Origin::Kind::Default, workload->origin.range, {}, "no checkpoint_every declared"});
    const Fact* dataset = facts.find("workload.dataset");
    facts.set("workload.dataset_known", Value::flag(dataset != nullptr),
              dataset ? dataset->origin : Origin{Origin::Kind::Default, workload->origin.range, {}, "no dataset declared"});
  }
}

}  // namespace

void resolve_compat(FactBuilder& b) {
  add_stack_facts(b);
  add_cuda_facts(b);
  add_export_facts(b);
  add_plan_facts(b);
}

}  // namespace gpuspec::facts
