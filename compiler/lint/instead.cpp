#include "lint/instead.h"

#include <fmt/format.h>

#include <algorithm>

#include "eval/compiled.h"
#include "eval/outcome.h"
#include "facts/properties.h"
#include "facts/resolve.h"

namespace gpuspec::lint {

namespace {

// At most this many instances are named; the rest are counted.
constexpr std::size_t kShown = 3;

struct Passing {
  std::string name;
  std::string shown;     // the value that makes it pass, e.g. "2 TiB"
  bool same_gpu = false;  // listed first: the smallest change
  double gpus = 0;        // then fewer GPUs first, the nearest to the current instance
};

double number(const facts::FactSet& facts, const std::string& name) {
  auto q = facts.quantity(name);
  return q ? q->value : 0;
}

// A like-for-like swap: at least as many GPUs per instance, each with at least as much
// memory, so the workload that fitted still fits.
bool plausible(const facts::FactSet& candidate, const facts::FactSet& current) {
  return number(candidate, "gpu.count") >= number(current, "gpu.count") &&
         number(candidate, "gpu.vram") >= number(current, "gpu.vram");
}

std::string catalog_symbol(const sema::DeclEntry& entry, std::string_view property) {
  auto fact = facts::catalog_property(entry, property);
  return fact ? fact->value.display() : std::string{};
}

// The value the reader compares: the first fact of the requirement the catalog
// supplies (memory.total for memory.ram-2x-vram), else the first fact.
std::string shown_value(const std::vector<eval::Term>& terms) {
  const eval::Term* first = nullptr;
  for (const auto& term : terms) {
    if (!term.is_fact) continue;
    if (term.origin_kind == facts::Origin::Kind::Catalog) return term.value;
    if (!first) first = &term;
  }
  return first ? first->value : std::string{};
}

bool holds(const Policy& policy, const facts::FactSet& facts) {
  std::optional<eval::Check> when;
  if (policy.when_program) when = policy.when_program->check(facts);
  return eval::judge(when ? &*when : nullptr, policy.require_program->check(facts)) == eval::Verdict::Holds;
}

}  // namespace

std::string instead_hint(const sema::Program& program, const sema::DeclEntry& cloud, const facts::FactSet& facts,
                         const Policy& policy, const facts::FactStore& store) {
  const std::string provider = facts.symbol("provider").value_or("");
  const std::string current = facts.symbol("instance.model").value_or("");
  const std::string gpu = facts.symbol("gpu.model").value_or("");
  std::vector<Passing> passing;
  for (const sema::DeclEntry* entry : program.declarations_of_kind("instance")) {
    if (entry->decl->name == current) continue;
    if (catalog_symbol(*entry, "provider") != provider) continue;
    DiagnosticEngine scratch;  // problems of the real deployment are reported once, by the caller
    facts::FactSet candidate = facts::resolve_facts_on_instance(program, cloud, *entry, scratch);
    if (!plausible(candidate, facts)) continue;
    store.attach(cloud, candidate);  // the providers' facts (the cost.* a rule may read) on this instance
    if (!holds(policy, candidate)) continue;
    passing.push_back({entry->decl->name, shown_value(policy.require_program->trace(candidate)), candidate.symbol("gpu.model") == gpu,
                       number(candidate, "gpu.count")});
  }
  if (passing.empty()) {
    return fmt::format(
        "no other {} instance in the catalog with as many GPUs and as much VRAM per GPU passes: this is how the "
        "provider built {}; waive the rule with a reason if the workload tolerates it",
        provider, current);
  }
  // Catalog order (by name) breaks ties, so the list is deterministic.
  std::stable_sort(passing.begin(), passing.end(), [](const Passing& a, const Passing& b) {
    if (a.same_gpu != b.same_gpu) return a.same_gpu;
    return a.gpus < b.gpus;
  });
  std::string list;
  for (std::size_t i = 0; i < passing.size() && i < kShown; ++i) {
    if (!list.empty()) list += ", ";
    list += passing[i].shown.empty() ? passing[i].name : fmt::format("{} ({})", passing[i].name, passing[i].shown);
  }
  if (passing.size() > kShown) list += fmt::format(" and {} more", passing.size() - kShown);
  return "instead: " + list;
}

}  // namespace gpuspec::lint
