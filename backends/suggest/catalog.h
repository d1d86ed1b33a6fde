// The parts the search draws from: every catalog entry of each kind the program can
// name (the stdlib's and the spec's own), read once.
#pragma once

#include <vector>

#include "sema/program.h"

namespace gpuspec::suggest {

struct Catalog {
  std::vector<const sema::DeclEntry*> gpus, chassis, cpus, dimms, disks, psus, nics, switches, instances;
};

Catalog load_catalog(const sema::Program& program);

}  // namespace gpuspec::suggest
