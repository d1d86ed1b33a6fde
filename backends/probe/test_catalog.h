// A small catalog for the probe's unit tests, every value in sight (the stdlib's own
// entries are matched by the lit tests).
#pragma once

#include <string>

#include "diag/diagnostic.h"
#include "sema/checker.h"
#include "sema/program.h"
#include "source/source.h"

namespace gpuspec::probe::testing {

constexpr const char* kTestCatalog = R"(
gpu test.a100_80gb_sxm {
  description    = "NVIDIA A100 80GB SXM4"
  vram           = 81920 MiB
  board_power    = 400 W
  form_factor    = sxm4
  class          = datacenter
  arch           = ampere
  pci_ids        = ["10de:20b2"]
  pci_ids_source = "test"
  source = "test"
  as_of  = "2024-01-01"
}
gpu test.rtx_3090 {
  description = "NVIDIA GeForce RTX 3090"
  vram        = 24576 MiB
  board_power = 350 W
  form_factor = pcie
  class       = consumer
  arch        = ampere
  source = "test"
  as_of  = "2024-01-01"
}
cpu test.xeon_gold_6448y {
  description     = "Intel Xeon Gold 6448Y"
  cores           = 32
  base_clock      = 2.1 GHz
  memory_channels = 8
  memory_type     = ddr5
  tdp             = 225 W
  source = "test"
  as_of  = "2024-01-01"
}
memory test.ddr4_32gb_3200 {
  type  = ddr4
  size  = 32 GiB
  speed = 3200 MT/s
  ecc   = true
  form  = rdimm
  source = "test"
  as_of  = "2024-01-01"
}
nic test.cx7 {
  fabric         = infiniband
  bandwidth      = 400 Gbps
  pci_ids        = ["15b3:1021"]
  pci_ids_source = "test"
  source = "test"
  as_of  = "2024-01-01"
}
)";

struct TestLibrary {
  SourceManager sources;
  DiagnosticEngine diags;
  sema::Library library;
  TestLibrary() { library.add_file(sources, diags, "<test-catalog>", kTestCatalog); }
};

}  // namespace gpuspec::probe::testing
