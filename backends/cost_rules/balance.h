// The balance chart's rows for a server (backends/cost/balance.h), read from the policy
// pack: per fact a build is sized in, the first rule that bounds it from below by
// another fact (lint/bounds.h: PSUs to the full load, memory to the VRAM, VRAM to the
// workload's estimate) whose requirement orders two quantities of one dimension.
#pragma once

#include <vector>

#include "backends/cost/balance.h"
#include "facts/fact.h"
#include "lint/policy.h"

namespace gpuspec::cost_rules {

std::vector<cost::Balance> balances(const facts::FactSet& facts, const lint::PolicySet& policies);

}  // namespace gpuspec::cost_rules
