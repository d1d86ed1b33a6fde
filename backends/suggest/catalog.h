// The parts the search draws from: every catalog entry of each kind the program can
// name (the stdlib's and the spec's own), read once, less the parts not sold where the
// site is (a part's `markets`: a China-market card is no option for a US site).
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "sema/program.h"

namespace gpuspec::suggest {

struct Catalog {
  std::vector<const sema::DeclEntry*> gpus, chassis, motherboards, cpus, dimms, disks, psus, nics, switches, instances;
  // GPUs left out because the pack rejects them at the site (gpu.market-region: their
  // `markets` do not include the site region); other parts whose `markets` do not are
  // left out alike, and listed in `other_outside_market`.
  std::vector<const sema::DeclEntry*> gpus_outside_market, other_outside_market;
};

struct CatalogScope {
  std::string site_region;  // "" keeps every part whatever its markets
  // Whether the pack rejects a GPU at the site (search.cpp asks gpu.market-region on the
  // GPU's facts); null keeps every GPU.
  std::function<bool(const sema::DeclEntry& gpu)> gpu_rejected;
};

Catalog load_catalog(const sema::Program& program, const CatalogScope& scope = {});

// Whether `part` is sold at a site in `region`: no `markets`, or markets that list it.
bool sold_in(const sema::DeclEntry& part, const std::string& region);

}  // namespace gpuspec::suggest
