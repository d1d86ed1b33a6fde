// Counts per rule id instead of the findings themselves:
//
// `check --statistics` (ruff's and flake8's layout: count, id, `[*]` when a finding of
// the rule has a fix-it that --fix applies, the highest severity; most frequent first,
// ids in order among equal counts), then the summary line:
//
//   200	ops.monitoring          	info
//     3	memory.ram-2x-vram      	error
//     1	unknown-unit            	[*] error
//
// and in text output, where infos are not shown by default, the one line that counts
// them instead: "+ 412 infos (ops.monitoring 200, sw.containers 200, ...); --verbose to show".
#pragma once

#include <cstddef>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "diag/diagnostic.h"
#include "diag/diagnostic_counts.h"

namespace gpuspec {

class RuleStatistics {
 public:
  // One unsuppressed diagnostic (waived findings count nowhere), as `check` writes them.
  void add(std::string_view id, Severity severity, bool fixable);
  bool empty() const { return by_id_.empty(); }
  // The table above, one line per id ("" when nothing was reported).
  std::string text() const;
  // [{"id", "severity", "count", "fixable"}] in the same order.
  nlohmann::ordered_json json() const;

 private:
  struct Entry {
    std::size_t count = 0;
    Severity severity = Severity::Note;  // the highest seen
    bool fixable = false;
  };
  std::vector<std::pair<std::string, Entry>> sorted() const;

  std::map<std::string, Entry, std::less<>> by_id_;
};

// "+ 412 infos (ops.monitoring 200, sw.containers 200, ops.burn-in-72h 12); --verbose to show\n",
// the rules most frequent first (ids in order among equal counts), five at most and then
// how many more; "" when there are no infos.
std::string render_hidden_infos(const DiagnosticCounts& counts);

}  // namespace gpuspec
