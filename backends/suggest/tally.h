// What a search did, for the report: how many configurations it considered, which
// rules' bounds pruned them before the pack ran, how often the pack ran, and which
// rules rejected what it judged.
#pragma once

#include <map>
#include <string>
#include <vector>

namespace gpuspec::suggest {

struct Tally {
  long configurations = 0;  // GPU model x GPUs per node x chassis x link x cooling x nodes (cloud: instance x count)
  std::map<std::string, long> pruned;        // rule -> configurations its bound removed
  std::map<std::string, long> parts_pruned;  // rule -> part choices its bound removed (CPU, DIMMs, PSUs, NICs)
  long pack_runs = 0;       // full pack runs (builds judged)
  long sizing_runs = 0;     // of them: builds judged without PSUs, to read their full load
  std::map<std::string, long> rejected;      // rule -> pack runs it failed
  long passed = 0;          // builds that passed, at most one per configuration
  long gave_up = 0;         // configurations left after the per-configuration limit of builds
  double seconds = 0;       // wall time of the search

  void prune(const std::string& rule, long n = 1) { pruned[rule] += n; }
  void prune_part(const std::string& rule, long n = 1) { parts_pruned[rule] += n; }
  void reject(const std::vector<std::string>& rules) {
    for (const auto& r : rules) rejected[r] += 1;
  }
  long pruned_total() const {
    long n = 0;
    for (const auto& [rule, count] : pruned) n += count;
    return n;
  }
};

}  // namespace gpuspec::suggest
