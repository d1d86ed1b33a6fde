// A server against the pack's thresholds, for the HTML reports' balance chart: for each
// fact a build is sized in (the PSU capacity that carries the load, system memory, VRAM
// per GPU), the first rule that bounds it from below by another fact (lint/bounds.h:
// PSUs to the full load, memory to the VRAM, VRAM to the workload's estimate), both
// sides evaluated on the server's facts. The rule and its threshold are the pack's own,
// so a report never restates an id or a number the pack might change.
#pragma once

#include <string>
#include <vector>

#include "facts/fact.h"
#include "lint/policy.h"

namespace gpuspec::cost {

struct Balance {
  std::string rule;
  std::string label;      // what is measured: "PSU capacity that carries the load"
  std::string threshold;  // the required side as the rule writes it: "1.5 * power.full_load"
  double have = 0, need = 0;
  std::string have_text, need_text;
};

std::vector<Balance> balances(const facts::FactSet& facts, const lint::PolicySet& policies);

}  // namespace gpuspec::cost
