// The `.gpuspec` text of a probed machine: one `server` declaration naming the catalog
// parts the hardware matches (the evidence of each match in its comment), declaring
// the parts the catalog lacks beside it (with `probed_from`, leaving out what the tools
// cannot see), every value with a `# probed: TOOL` comment, a `probed_from` block that
// carries each property's origin into the facts, and a `# not probed:` line for every
// output that could not be read. In gpuspec fmt's layout.
#pragma once

#include <string>

#include "backends/probe/catalog_match.h"
#include "backends/probe/machine.h"

namespace gpuspec::probe {

struct SpecOptions {
  std::string name;   // the server's name (an identifier, checked by the caller)
  std::string today;  // YYYY-MM-DD: as_of of the parts when the outputs state no date
};

std::string write_probed_spec(const Machine& machine, const CatalogMatcher& catalog, const SpecOptions& options);

}  // namespace gpuspec::probe
