#include "backends/cost_rules/balance.h"

#include <array>
#include <utility>

#include "lint/bounds.h"

namespace gpuspec::cost_rules {

namespace {

// The facts a build is sized in, with what the chart calls them.
constexpr std::array<std::pair<const char*, const char*>, 3> kMeasured{{
    {"psu.capacity_carrying", "PSU capacity that carries the load"},
    {"memory.total", "system memory"},
    {"gpu.vram", "VRAM per GPU"},
}};

bool quantity(const eval::Outcome& o) { return o.is_known() && o.value.type == facts::Value::Type::Quantity; }

const lint::Policy* sizing_rule(const lint::Bounds& bounds, std::string_view fact, const facts::FactSet& facts) {
  for (const lint::Bound* bound : bounds.on(fact, "server", facts)) {
    if (bound->lower() && !bound->per.empty()) return bound->policy;
  }
  return nullptr;
}

}  // namespace

std::vector<cost::Balance> balances(const facts::FactSet& facts, const lint::PolicySet& policies) {
  const lint::Bounds bounds(policies, lint::LintOptions{});
  std::vector<cost::Balance> out;
  for (const auto& [fact, label] : kMeasured) {
    const lint::Policy* policy = sizing_rule(bounds, fact, facts);
    if (!policy || !policy->require_program) continue;
    const auto sides = policy->require_program->ordered_sides(facts);
    if (!sides || !quantity(sides->have) || !quantity(sides->need)) continue;
    const units::Quantity& have = sides->have.value.quantity;
    const units::Quantity& need = sides->need.value.quantity;
    if (!(have.dimension == need.dimension)) continue;
    out.push_back({policy->id, label, sides->need_text, have.value, need.value, sides->have.display(), sides->need.display()});
  }
  return out;
}

}  // namespace gpuspec::cost_rules
