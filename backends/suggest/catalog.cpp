#include "backends/suggest/catalog.h"

#include <algorithm>

#include "backends/suggest/catalog_view.h"
#include "facts/properties.h"

namespace gpuspec::suggest {

bool sold_in(const sema::DeclEntry& part, const std::string& region) {
  const std::vector<std::string> markets = items(part, "markets");
  return markets.empty() || std::find(markets.begin(), markets.end(), region) != markets.end();
}

Catalog load_catalog(const sema::Program& program, const CatalogScope& scope) {
  Catalog c;
  for (const auto* entry : program.all_declarations()) {
    // A part `gpuspec probe` declared describes one machine, not something to buy.
    if (facts::find_property(entry->decl->body, "probed_from")) continue;
    const std::string& kind = entry->decl->kind;
    if (kind == "gpu" && scope.gpu_rejected && scope.gpu_rejected(*entry)) {
      c.gpus_outside_market.push_back(entry);
      continue;
    }
    if (kind != "gpu" && kind != "instance" && !scope.site_region.empty() && !sold_in(*entry, scope.site_region)) {
      c.other_outside_market.push_back(entry);
      continue;
    }
    if (kind == "gpu") c.gpus.push_back(entry);
    else if (kind == "chassis") c.chassis.push_back(entry);
    else if (kind == "motherboard") c.motherboards.push_back(entry);
    else if (kind == "cpu") c.cpus.push_back(entry);
    else if (kind == "memory") c.dimms.push_back(entry);
    else if (kind == "disk") c.disks.push_back(entry);
    else if (kind == "psu") c.psus.push_back(entry);
    else if (kind == "nic") c.nics.push_back(entry);
    else if (kind == "instance") c.instances.push_back(entry);
    else if (kind == "part" && text(*entry, "category") == "switch") c.switches.push_back(entry);
  }
  return c;
}

}  // namespace gpuspec::suggest
