#include "backends/probe/spec_writer.h"

#include <gtest/gtest.h>

#include "backends/probe/test_catalog.h"

namespace gpuspec::probe {
namespace {

// The spec must check against the catalog it was written with: it is loaded beside it.
std::string check(testing::TestLibrary& t, const std::string& spec) {
  t.library.add_file(t.sources, t.diags, "<probed>", spec);
  sema::check_library(t.library, t.diags);
  std::string out;
  for (const auto& d : t.diags.diagnostics()) out += d.id + ": " + d.message + "\n";
  return out;
}

Machine a100_machine() {
  Machine m;
  m.source = "the saved outputs in node17";
  NvidiaSmiReport r;
  r.timestamp = "Fri Aug  4 11:44:30 2023";
  r.driver_version = "535.54.03";
  r.cuda_version = "12.2";
  for (int i = 0; i < 8; ++i) {
    NvidiaGpu g;
    g.product_name = "NVIDIA A100-SXM4-80GB";
    g.pci_id = "10de:20b2";
    g.vram_mib = 81920;
    g.default_power_limit_w = 400;
    r.gpus.push_back(g);
  }
  m.nvidia = r;
  GpuTopology topo;
  for (int i = 0; i < 8; ++i) {
    std::vector<std::string> row;
    for (int j = 0; j < 8; ++j) row.push_back(i == j ? "X" : "NV12");
    topo.links.push_back(row);
  }
  m.topology = topo;
  CpuReport cpu;
  cpu.model_name = "Intel(R) Xeon(R) Gold 6448Y";
  cpu.sockets = 2;
  cpu.cores_per_socket = 32;
  m.cpu = cpu;
  MemoryReport mem;
  mem.slots = 32;
  for (int i = 0; i < 16; ++i) {
    Dimm d;
    d.size_bytes = 32.0 * 1024 * 1024 * 1024;
    d.type = "DDR4";
    d.speed_mts = 3200;
    d.type_detail = "Synchronous Registered (Buffered)";
    d.total_width = 72;
    d.data_width = 64;
    mem.dimms.push_back(d);
  }
  m.memory = mem;
  return m;
}

TEST(SpecWriter, CatalogPartsWithTheEvidenceOfEachMatch) {
  testing::TestLibrary t;
  CatalogMatcher catalog(t.library);
  std::string spec = write_probed_spec(a100_machine(), catalog, SpecOptions{"node17", "2026-01-01"});
  EXPECT_NE(spec.find("gpu      = 8 x test.a100_80gb_sxm"), std::string::npos) << spec;
  EXPECT_NE(spec.find("test.a100_80gb_sxm by PCI id 10de:20b2"), std::string::npos) << spec;
  EXPECT_NE(spec.find("gpu_link = nvswitch"), std::string::npos) << spec;
  EXPECT_NE(spec.find("cpu      = 2 x test.xeon_gold_6448y"), std::string::npos) << spec;
  EXPECT_NE(spec.find("memory   = 16 x test.ddr4_32gb_3200"), std::string::npos) << spec;
  EXPECT_NE(spec.find("driver = \"535.54.03\""), std::string::npos) << spec;
  EXPECT_EQ(check(t, spec), "");
}

TEST(SpecWriter, HostileToolOutputStaysData) {
  Machine m = a100_machine();
  m.nvidia->gpus.resize(1);
  m.topology.reset();
  m.nvidia->gpus[0].pci_id = "10de:ffff";
  m.nvidia->gpus[0].product_name = "evil\" }\nserver pwned { gpu = 1 x a\n# \x1b[31m\xff";
  m.nvidia->driver_version = "1\"; os = windows";
  m.cpu->model_name = "x\n} import \"/etc/passwd\"";
  m.notes.push_back("not probed: ibstat: failed (exit status 1: \nserver injected {})");
  testing::TestLibrary t;
  CatalogMatcher catalog(t.library);
  std::string spec = write_probed_spec(m, catalog, SpecOptions{"node17", "2026-01-01"});
  EXPECT_EQ(spec.find("\nserver pwned"), std::string::npos) << spec;  // only inside a string or a comment
  EXPECT_EQ(spec.find("\nserver injected"), std::string::npos) << spec;
  EXPECT_EQ(spec.find("\nimport"), std::string::npos) << spec;
  EXPECT_EQ(spec.find('\x1b'), std::string::npos) << spec;
  EXPECT_EQ(spec.find("windows"), std::string::npos) << spec;  // not a version: no driver line at all
  EXPECT_NE(spec.find("description = \"evil\\\" }\\nserver pwned"), std::string::npos) << spec;
  EXPECT_EQ(check(t, spec), "");
}

TEST(SpecWriter, NothingReadIsNotesNotGuesses) {
  Machine m;
  m.source = "this machine";
  m.nvidia_smi_missing = true;
  m.notes.push_back("not probed: nvidia-smi -q -x: not found on PATH");
  testing::TestLibrary t;
  CatalogMatcher catalog(t.library);
  std::string spec = write_probed_spec(m, catalog, SpecOptions{"devbox", "2026-01-01"});
  EXPECT_NE(spec.find("# not probed: nvidia-smi -q -x: not found on PATH"), std::string::npos) << spec;
  EXPECT_NE(spec.find("# gpu: no NVIDIA GPU found"), std::string::npos) << spec;
  EXPECT_EQ(spec.find("gpu ="), std::string::npos) << spec;
  EXPECT_EQ(spec.find("cpu ="), std::string::npos) << spec;
  EXPECT_EQ(check(t, spec), "");
}

}  // namespace
}  // namespace gpuspec::probe
