#include "backends/cost/balance.h"

#include <array>
#include <utility>

namespace gpuspec::cost {

namespace {

constexpr std::array<std::pair<const char*, const char*>, 3> kBalanceRules{{
    {"power.psu-1.5x-headroom", "PSU capacity that carries the load"},
    {"memory.ram-2x-vram", "system memory"},
    {"vram.fits-workload", "VRAM per GPU"},
}};

bool quantity(const eval::Outcome& o) { return o.is_known() && o.value.type == facts::Value::Type::Quantity; }

}  // namespace

std::vector<Balance> balances(const facts::FactSet& facts, const lint::PolicySet& policies) {
  std::vector<Balance> out;
  for (const auto& [rule, label] : kBalanceRules) {
    const lint::Policy* policy = policies.find(rule);
    if (!policy || !policy->require_program) continue;
    const auto sides = policy->require_program->ordered_sides(facts);
    if (!sides || !quantity(sides->have) || !quantity(sides->need)) continue;
    const units::Quantity& have = sides->have.value.quantity;
    const units::Quantity& need = sides->need.value.quantity;
    if (!(have.dimension == need.dimension)) continue;
    out.push_back({rule, label, sides->need_text, have.value, need.value, sides->have.display(), sides->need.display()});
  }
  return out;
}

}  // namespace gpuspec::cost
