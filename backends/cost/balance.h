// A server against the pack's thresholds, for the HTML reports' balance chart: for each
// fact a build is sized in (the PSU capacity that carries the load, system memory, VRAM
// per GPU), the first rule that bounds it from below by another fact, both sides
// evaluated on the server's facts. The driver reads them from the pack
// (backends/cost_rules/balance.h), so the report never restates an id or a number the pack might
// change, and the cost backend needs no view of the policies.
#pragma once

#include <string>

namespace gpuspec::cost {

struct Balance {
  std::string rule;
  std::string label;      // what is measured: "PSU capacity that carries the load"
  std::string threshold;  // the required side as the rule writes it: "1.5 * power.full_load"
  double have = 0, need = 0;
  std::string have_text, need_text;
};

}  // namespace gpuspec::cost
