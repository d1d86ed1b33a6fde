// A server against the pack's thresholds, for the HTML reports' balance chart: for each
// rule that sizes a build (PSUs to the full load, system memory to VRAM, VRAM to the
// workload's estimate) whose requirement compares two quantities (`a >= b`), both sides
// evaluated on the server's facts. The threshold is the rule's own expression, so a
// report never restates a number the pack might change.
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
