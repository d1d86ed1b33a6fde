// The search: from a workload to the candidates that pass the full policy pack.
//
// On premises it walks frames (GPU model x GPUs per node x chassis), their variants
// (GPU link, cooling) and node counts, and fills each with parts (sizing.h), cheapest
// known first; in the cloud, instance types x counts x regions. The rules' own bounds
// prune before the pack runs (the memory estimator's figures against VRAM, chassis
// capacity, slots, cores, lanes, DIMM slots); every remaining build is judged by the
// pack (judge.h). A configuration stops at its first passing build (the rest of it
// costs more), and a rejection whose rules read only what a level fixes ends that
// level: a GPU the export rules forbid fails with every CPU alike.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "backends/cost/price_book.h"
#include "backends/suggest/build.h"
#include "backends/suggest/judge.h"
#include "backends/suggest/rule_view.h"
#include "backends/suggest/tally.h"
#include "backends/suggest/workload_view.h"

namespace gpuspec::suggest {

struct SearchInput {
  const sema::Program& program;  // the workload's program (catalog and the user's own entries)
  const WorkloadView& workload;
  const RuleView& rules;
  const cost::PriceBook& book;   // orders parts by price (as of the ranking's quote date)
  CandidateContext context;
  std::vector<std::string> header;           // comment lines atop every candidate file
  bool onprem = true;
  bool cloud = true;
  std::optional<std::string> cloud_region;   // one provider region only (--region us-east-1)
  int max_nodes = 64;                        // nodes (or instances) per configuration
  int max_builds = 6;                        // builds judged per configuration before giving up
};

struct Passing {
  Build build;
  std::string declaration;  // the `server` or `cloud` text
  Verdict verdict;          // with the candidate's program, facts and info findings
};

struct SearchResult {
  std::vector<Passing> passing;
  Tally tally;
  std::vector<StoragePlan> storage;  // the data volumes server candidates may use
  std::vector<std::string> notes;    // what the search could not do, for the report
};

SearchResult search(const SearchInput& input, const Judge& judge);

}  // namespace gpuspec::suggest
