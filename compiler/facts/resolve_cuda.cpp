// The CUDA stack a deployment runs, judged against stdlib/compat/cuda.gpuspec: which
// CUDA builds the framework release ships (framework_release), whether its packages
// bundle that runtime, the NVIDIA driver each CUDA major version needs (cuda_driver), and
// what the GPU's compute capability supports (cuda_arch).
//
// A framework whose pip packages bundle the CUDA runtime (every PyTorch wheel,
// tensorflow[and-cuda] since 2.14, jax[cuda12]) needs only a new enough driver. The
// system toolkit (`software.cuda`) matters where the stack compiles against it: a
// framework that loads the system CUDA libraries must have one of its own CUDA versions
// there, and CUDA extensions built against it (DeepSpeed, Megatron-LM, ColossalAI) need
// the framework's CUDA major version (PyTorch refuses to build them otherwise).
#include <fmt/format.h>

#include <algorithm>
#include <optional>

#include "facts/compat_support.h"

namespace gpuspec::facts {

namespace {

// Distributed frameworks that compile CUDA extensions against the system toolkit.
constexpr std::string_view kExtensionBuilders[] = {"deepspeed", "megatron", "colossalai"};

struct Stack {
  const Fact* toolkit = nullptr;  // declared software.cuda
  std::vector<int> toolkit_version;
  const sema::DeclEntry* release = nullptr;  // the framework_release entry
  std::string framework;                     // "pytorch@2.3"
  std::vector<std::string> builds;           // its CUDA versions
  bool bundles = false;
};

// "12.4" matches a "12.4" build and a bare "12" one; "12" matches any 12.x build.
bool same_cuda(const std::string& build, const std::vector<int>& version) {
  std::vector<int> b = parse_version(build);
  std::size_t depth = std::min<std::size_t>({2, b.size(), version.size()});
  return depth > 0 && compare_versions(b, version, depth) == 0;
}

std::vector<Value> symbol_list(const std::vector<std::string>& items) {
  std::vector<Value> out;
  for (const auto& item : items) out.push_back(Value::symbol(item));
  return out;
}

// software.framework_*: the first framework with a compatibility table, else the first declared.
void add_framework_facts(FactBuilder& b, Stack& stack) {
  FactSet& facts = b.facts();
  const Fact* framework = software(facts, "framework");
  if (!framework) return;
  auto items = symbols_of(framework->value);
  std::string chosen;
  for (const auto& item : items) {
    auto name = split_versioned(item).first;
    if (name == "pytorch" || name == "tensorflow" || name == "jax") {
      chosen = item;
      break;
    }
  }
  if (chosen.empty() && !items.empty()) chosen = items.front();
  auto [name, version] = split_versioned(chosen);
  if (name.empty()) return;
  facts.set("software.framework_name"_fact, Value::symbol(name), framework->origin);
  facts.set("software.framework_version"_fact, Value::symbol(version), framework->origin);
  std::vector<int> wanted = parse_version(version);
  for (const auto* entry : entries_of_kind(b.program(), "framework_release")) {
    if (string_property(*entry, "framework") != name) continue;
    auto v = string_property(*entry, "version");
    // Releases are major.minor: pytorch@2.3.1 is the 2.3 entry.
    if (v && !wanted.empty() && compare_versions(parse_version(*v), wanted, 2) == 0) stack.release = entry;
  }
  if (!stack.release) {
    facts.set("software.framework_known"_fact, Value::flag(false),
              Origin{Origin::Kind::Derived, framework->origin.range, {},
                     Explanation::format("no framework_release entry for {} in the stdlib", chosen)});
    return;
  }
  const sema::DeclEntry& release = *stack.release;
  stack.framework = chosen;
  facts.set("software.framework_known"_fact, Value::flag(true),
            catalog_origin(release, "version", Explanation::format("{} is {}", chosen, release.decl->name)));
  if (auto list = catalog_property(release, "cuda")) stack.builds = symbols_of(list->value);
  facts.set("software.framework_cuda"_fact, Value::list(symbol_list(stack.builds)),
            catalog_origin(release, "cuda", Explanation::format("CUDA builds of {}", release.decl->name)));
  auto bundles = catalog_property(release, "bundles_cuda");
  stack.bundles = bundles && bundles->value.type == Value::Type::Bool && bundles->value.boolean;
  facts.set("software.framework_bundles_cuda"_fact, Value::flag(stack.bundles),
            catalog_origin(release, "bundles_cuda",
                           Explanation::literal(stack.bundles ? "its packages bring their own CUDA runtime"
                                                              : "it uses the system CUDA toolkit")));
}

// software.compiles_cuda, software.toolkit_use and software.toolkit_fits_framework:
// whether the declared toolkit is used at all, and whether it fits the release.
void add_toolkit_facts(FactBuilder& b, const Stack& stack) {
  if (!stack.release) return;
  FactSet& facts = b.facts();
  std::string builder;
  if (const Fact* distributed = software(facts, "distributed")) {
    for (const auto& item : symbols_of(distributed->value)) {
      if (std::find(std::begin(kExtensionBuilders), std::end(kExtensionBuilders), item) != std::end(kExtensionBuilders)) {
        builder = item;
        break;
      }
    }
  }
  std::string use;
  if (!stack.bundles) {
    use = fmt::format("{} loads the system CUDA libraries", stack.framework);
  } else if (!builder.empty()) {
    use = fmt::format("{} compiles CUDA extensions against it, which must have the CUDA major version of the {} build",
                      builder, stack.framework);
  }
  Origin origin = use.empty() ? catalog_origin(*stack.release, "bundles_cuda",
                                               Explanation::format("{}'s packages bundle CUDA; nothing compiles against the "
                                                           "system toolkit", stack.framework))
                              : Origin{Origin::Kind::Derived, b.decl().name_range, {}, use};
  facts.set("software.compiles_cuda"_fact, Value::flag(!use.empty()), origin);
  if (use.empty() || !stack.toolkit || stack.toolkit_version.empty()) return;
  facts.set("software.toolkit_use"_fact, Value::symbol(use), origin);
  bool fits = std::any_of(stack.builds.begin(), stack.builds.end(), [&](const std::string& build) {
    if (!stack.bundles) return same_cuda(build, stack.toolkit_version);
    auto major = parse_version(build);
    return !major.empty() && major[0] == stack.toolkit_version[0];
  });
  facts.set("software.toolkit_fits_framework"_fact, Value::flag(fits),
            catalog_origin(*stack.release, "cuda",
                           Explanation::format("system CUDA {} {} [{}] of {} ({})", stack.toolkit->value.text,
                                       fits ? "fits" : "does not fit", join(stack.builds), stack.release->decl->name,
                                       stack.bundles ? "same major version" : "same major.minor")));
}

// The CUDA versions the GPU kernels run on: the system toolkit where the stack uses
// it, the declared version where it names one of the release's builds (the wheel
// chosen), else every build of the release (one of them will be installed).
std::vector<std::string> runtime_cuda(const Stack& stack) {
  std::string toolkit = stack.toolkit ? stack.toolkit->value.text : "";
  if (!stack.release || !stack.bundles) return toolkit.empty() ? std::vector<std::string>{} : std::vector{toolkit};
  if (!toolkit.empty()) {
    for (const auto& build : stack.builds) {
      if (same_cuda(build, stack.toolkit_version)) return {build};
    }
  }
  return stack.builds;
}

// The cuda_arch entry of the GPU: its compute capability's, else (a GPU without one)
// the entry of its architecture with the highest min_cuda, the strictest guess.
const sema::DeclEntry* arch_entry(FactBuilder& b) {
  auto capability = b.facts().symbol("gpu.compute_capability"_fact);
  auto arch = b.facts().symbol("gpu.arch"_fact);
  const sema::DeclEntry* best = nullptr;
  for (const auto* entry : entries_of_kind(b.program(), "cuda_arch")) {
    if (capability) {
      if (string_property(*entry, "compute_capability") == *capability) return entry;
      continue;
    }
    if (!arch || string_property(*entry, "arch") != *arch) continue;
    auto min = parse_version(string_property(*entry, "min_cuda").value_or(""));
    if (!best || compare_versions(min, parse_version(string_property(*best, "min_cuda").value_or("")), 2) > 0) {
      best = entry;
    }
  }
  return best;
}

// software.arch_*, gpu.arch_bf16/fp8 and software.cuda_supports_arch.
void add_arch_facts(FactBuilder& b, const std::vector<std::string>& runtime) {
  FactSet& facts = b.facts();
  const sema::DeclEntry* entry = arch_entry(b);
  if (!entry) return;
  auto min = string_property(*entry, "min_cuda");
  if (!min) return;
  auto last = string_property(*entry, "last_cuda");
  std::string capability = string_property(*entry, "compute_capability").value_or("?");
  facts.set("software.arch_min_cuda"_fact, Value::symbol(*min),
            catalog_origin(*entry, "min_cuda", Explanation::format("compute capability {} needs CUDA >= {}", capability, *min)));
  if (last) {
    facts.set("software.arch_last_cuda"_fact, Value::symbol(*last),
              catalog_origin(*entry, "last_cuda", Explanation::format("CUDA {} is the last to support {}", *last, capability)));
  }
  std::string range = last ? fmt::format("{} to {}.x", *min, *last) : fmt::format(">= {}", *min);
  facts.set("software.arch_cuda_range"_fact, Value::symbol(range),
            catalog_origin(*entry, last ? "last_cuda" : "min_cuda",
                           Explanation::format("CUDA versions that support compute capability {}", capability)));
  for (auto [fact, property] : {std::pair{"gpu.arch_bf16"_fact, "bf16"}, {"gpu.arch_fp8"_fact, "fp8"}}) {
    if (auto flag = catalog_property(*entry, property); flag && flag->value.type == Value::Type::Bool) {
      facts.set(fact, flag->value,
                catalog_origin(*entry, property,
                               Explanation::format("compute capability {} {} {} tensor cores", capability,
                                           flag->value.boolean ? "has" : "has no", property)));
    }
  }
  if (runtime.empty()) return;
  auto fits = [&](const std::string& cuda) {
    auto v = parse_version(cuda);
    if (v.empty() || compare_versions(v, parse_version(*min), 2) < 0) return false;
    return !last || compare_versions(v, parse_version(*last), 1) <= 0;
  };
  bool ok = std::any_of(runtime.begin(), runtime.end(), fits);
  facts.set("software.cuda_supports_arch"_fact, Value::flag(ok),
            catalog_origin(*entry, "min_cuda",
                           Explanation::format("CUDA [{}] {} compute capability {} (CUDA >= {}{})", join(runtime),
                                       ok ? "supports" : "does not support", capability, *min,
                                       last ? fmt::format(", at most {}.x", *last) : "")));
}

// The oldest driver one of the runtime CUDA versions accepts (minor version
// compatibility within a major version), or null when no cuda_driver entry matches.
const sema::DeclEntry* cuda_driver_entry(FactBuilder& b, const std::vector<std::string>& runtime,
                                         std::vector<int>& min_version) {
  const sema::DeclEntry* needed = nullptr;
  for (const auto& cuda : runtime) {
    auto major = parse_version(cuda);
    for (const auto* entry : entries_of_kind(b.program(), "cuda_driver")) {
      auto entry_major = parse_version(string_property(*entry, "cuda").value_or(""));
      if (major.empty() || entry_major.empty() || entry_major[0] != major[0]) continue;
      auto min = parse_version(string_property(*entry, "min_driver").value_or(""));
      if (!needed || compare_versions(min, min_version, 3) < 0) {
        needed = entry;
        min_version = min;
      }
    }
  }
  return needed;
}

// software.driver_*: the declared driver against the newer of two minimums: the oldest
// driver one of the runtime CUDA versions accepts, and the oldest driver that runs the
// GPU's compute capability at all (cuda_arch min_driver: a Blackwell GPU needs R570
// whatever CUDA 12 minor version the application was built with).
void add_driver_facts(FactBuilder& b, const std::vector<std::string>& runtime) {
  FactSet& facts = b.facts();
  const Fact* driver = software(facts, "driver");
  if (!driver || driver->value.type != Value::Type::String) return;
  facts.set("software.driver_version"_fact, Value::symbol(driver->value.text), driver->origin);
  std::vector<int> version = parse_version(driver->value.text);
  if (version.empty()) return;
  std::vector<int> cuda_min;
  const sema::DeclEntry* by_cuda = runtime.empty() ? nullptr : cuda_driver_entry(b, runtime, cuda_min);
  const sema::DeclEntry* arch = arch_entry(b);
  auto arch_text = arch ? string_property(*arch, "min_driver") : std::nullopt;
  std::vector<int> arch_min = arch_text ? parse_version(*arch_text) : std::vector<int>{};
  if (arch_min.empty()) arch = nullptr;
  if (!by_cuda && !arch) return;

  std::string cuda_words = fmt::format("CUDA [{}]", join(runtime));
  bool arch_decides = arch && (!by_cuda || compare_versions(arch_min, cuda_min, 3) > 0);
  const sema::DeclEntry& needed = arch_decides ? *arch : *by_cuda;
  std::string min = string_property(needed, "min_driver").value_or("");
  const std::vector<int>& needed_version = arch_decides ? arch_min : cuda_min;
  std::string who = cuda_words;
  std::string why = fmt::format("{} needs driver >= {}", cuda_words, min);
  if (arch_decides) {
    std::string capability = string_property(*arch, "compute_capability").value_or("?");
    who = fmt::format("compute capability {}", capability);
    why = fmt::format("compute capability {} needs driver >= {} to run any CUDA work", capability, min);
    if (by_cuda) {
      why += fmt::format(", above the {} that {} alone needs", string_property(*by_cuda, "min_driver").value_or(""),
                         cuda_words);
    }
  }
  facts.set("software.driver_min"_fact, Value::symbol(min), catalog_origin(needed, "min_driver", why));
  facts.set("software.driver_min_for"_fact, Value::symbol(who), catalog_origin(needed, "min_driver", why));
  bool ok = compare_versions(version, needed_version, 3) >= 0;
  facts.set("software.driver_supports_cuda"_fact, Value::flag(ok),
            catalog_origin(needed, "min_driver",
                           Explanation::format("driver {} {} {}", driver->value.text, ok ? ">=" : "<", min)));
}

}  // namespace

void add_cuda_facts(FactBuilder& b) {
  FactSet& facts = b.facts();
  Stack stack;
  stack.toolkit = software(facts, "cuda");
  if (stack.toolkit && stack.toolkit->value.type == Value::Type::String) {
    stack.toolkit_version = parse_version(stack.toolkit->value.text);
    facts.set("software.cuda_version"_fact, Value::symbol(stack.toolkit->value.text), stack.toolkit->origin);
  } else {
    stack.toolkit = nullptr;
  }
  add_framework_facts(b, stack);
  add_toolkit_facts(b, stack);
  std::vector<std::string> runtime = runtime_cuda(stack);
  if (!runtime.empty()) {
    Origin origin = stack.release && stack.bundles
                        ? catalog_origin(*stack.release, "cuda",
                                         Explanation::format("the CUDA runtime {} ships", stack.framework))
                        : stack.toolkit->origin;
    facts.set("software.runtime_cuda"_fact, Value::list(symbol_list(runtime)), origin);
  }
  add_arch_facts(b, runtime);
  add_driver_facts(b, runtime);
}

}  // namespace gpuspec::facts
