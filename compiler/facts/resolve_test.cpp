// Fact resolution on small programs: a hand-written catalog (so every expected value
// is visible in the test) and a root file written to a temporary folder and loaded
// through sema::load_program, as `gpuspec facts` does.
#include "facts/resolve.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <memory>
#include <optional>
#include <string>

#include <unistd.h>

#include "sema/loader.h"

namespace gpuspec::facts {
namespace {

// Round numbers so the arithmetic in each expectation is easy to check by hand.
constexpr const char* kCatalog = R"(
gpu test.gpu_24gb {
  vram        = 24 GB
  board_power = 450 W
  fp8_tflops  = 100 TFLOPS
  class       = consumer
}
gpu test.gpu_80gb {
  vram        = 80 GB
  board_power = 700 W
  class       = datacenter
}
cpu test.cpu_32c {
  cores           = 32
  threads         = 64
  memory_channels = 8
  tdp             = 225 W
}
memory test.dimm_64gb {
  type  = ddr5
  size  = 64 GB
  speed = 4800 MT/s
}
disk test.ssd_4tb {
  capacity  = 4 TB
  read_bw   = 7000 MB/s
  kind      = nvme_ssd
  interface = nvme
}
disk test.ssd_no_bw {
  capacity = 2 TB
  kind     = nvme_ssd
}
psu test.psu_2000w {
  capacity   = 2000 W
  efficiency = platinum
}
instance test.cloud_8gpu {
  provider          = aws
  gpu               = 8 x test.gpu_80gb
  gpu_link          = nvswitch
  vcpus             = 96
  memory            = 1152 GiB
  network_bandwidth = 400 Gbps
  efa               = true
  infiniband        = false
}
instance test.cloud_ib {
  provider   = azure
  gpu        = 8 x test.gpu_80gb
  vcpus      = 96
  memory     = 900 GiB
  efa        = false
  infiniband = true
}
instance test.cloud_plain {
  provider = alicloud
  gpu      = 1 x test.gpu_24gb
  vcpus    = 8
  memory   = 30 GiB
}
model test.model_7b {
  params = 7B
  layers = 32
  hidden = 4096
  heads  = 32
}
)";

class ResolveTest : public ::testing::Test {
 protected:
  void SetUp() override {
    library_.add_file(sources_, library_diags_, "<test-catalog>", kCatalog);
    ASSERT_FALSE(library_diags_.has_errors());
    // A parameterised test's name holds a '/' ("CapacityAndReadBandwidth/0"): kept, it
    // would make a folder inside a folder, and TearDown would leave the outer one behind.
    std::string test_name = ::testing::UnitTest::GetInstance()->current_test_info()->name();
    std::replace(test_name.begin(), test_name.end(), '/', '_');
    dir_ = std::filesystem::temp_directory_path() /
           ("gpuspec-resolve-test-" + std::to_string(::getpid()) + "-" + test_name);
    std::filesystem::create_directories(dir_);
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }

  // Loads `text` as the root file and resolves declaration `name`.
  FactSet resolve(const std::string& text, const std::string& name) {
    auto path = dir_ / "spec.gpuspec";
    std::ofstream(path) << text;
    std::string io_error;
    program_ = sema::load_program(path.string(), library_, sources_, diags_, &io_error);
    EXPECT_TRUE(program_) << io_error;
    if (!program_) return FactSet(name, "");
    const sema::DeclEntry* entry = program_->find(name);
    EXPECT_NE(entry, nullptr) << name;
    if (!entry) return FactSet(name, "");
    return resolve_facts(*program_, *entry, diags_);
  }

  SourceManager sources_;
  DiagnosticEngine library_diags_;
  DiagnosticEngine diags_;
  sema::Library library_;
  std::optional<sema::Program> program_;
  std::filesystem::path dir_;
};

double value_of(const FactSet& facts, const std::string& name) {
  auto q = facts.quantity(name);
  EXPECT_TRUE(q.has_value()) << "missing fact " << name;
  return q ? q->value : -1;
}

const Fact& fact_of(const FactSet& facts, const std::string& name) {
  const Fact* fact = facts.find(name);
  if (!fact) {
    ADD_FAILURE() << "missing fact " << name;
    static const Fact none{};
    return none;
  }
  return *fact;
}

std::string server_with(const std::string& extra) {
  return "server s {\n  gpu = 4 x test.gpu_24gb\n  cpu = 2 x test.cpu_32c\n  memory = 16 x test.dimm_64gb\n" + extra +
         "}\n";
}

// ---------------------------------------------------------------------------------
// RAID: usable capacity and sequential read, table-driven. Drive: 4 TB, 7000 MB/s.

struct RaidCase {
  const char* raid;  // nullptr: a counted disk without a RAID block
  int drives;
  double capacity_drives;
  double read_drives;
};

class RaidTest : public ResolveTest, public ::testing::WithParamInterface<RaidCase> {};

TEST_P(RaidTest, CapacityAndReadBandwidth) {
  const RaidCase& c = GetParam();
  std::string storage =
      c.raid ? "  storage { data { drives = " + std::to_string(c.drives) + " x test.ssd_4tb; raid = " + c.raid + " } }\n"
             : "  storage { data = " + std::to_string(c.drives) + " x test.ssd_4tb }\n";
  FactSet facts = resolve(server_with(storage), "s");
  EXPECT_DOUBLE_EQ(value_of(facts, "storage.data.capacity"), c.capacity_drives * 4e12);
  EXPECT_DOUBLE_EQ(value_of(facts, "storage.data.read_bw"), c.read_drives * 7000e6);
  EXPECT_DOUBLE_EQ(value_of(facts, "storage.data.drives"), c.drives);
  EXPECT_EQ(facts.symbol("storage.data.raid"), c.raid ? c.raid : "none");
  EXPECT_EQ(fact_of(facts, "storage.data.raid").origin.kind, c.raid ? Origin::Kind::Declared : Origin::Kind::Default);
  EXPECT_EQ(fact_of(facts, "storage.data.capacity").origin.kind, Origin::Kind::Derived);
}

INSTANTIATE_TEST_SUITE_P(
    Levels, RaidTest,
    ::testing::Values(RaidCase{"raid0", 2, 2, 2},    // striped: everything adds up
                      RaidCase{"raid0", 4, 4, 4},    //
                      RaidCase{"raid1", 2, 1, 1},    // mirrored: one drive's worth (reads counted conservatively)
                      RaidCase{"raid10", 4, 2, 2},   // striped mirrors: half
                      RaidCase{"raid10", 8, 4, 4},   //
                      RaidCase{"raid5", 4, 3, 3},    // one drive of parity
                      RaidCase{"raid6", 6, 4, 4},    // two drives of parity
                      RaidCase{"raid5", 1, 0, 0},    // too few drives for the parity: nothing, not negative
                      RaidCase{"raid6", 1, 0, 0},    //
                      RaidCase{"none", 3, 3, 1},     // independent drives: one stream reads one drive
                      RaidCase{nullptr, 2, 2, 1}));  // no block at all: same as none

TEST_F(ResolveTest, DiskWithoutReadBandwidthLeavesReadBwOut) {
  FactSet facts = resolve(server_with("  storage { data { drives = 2 x test.ssd_no_bw; raid = raid0 } }\n"), "s");
  EXPECT_DOUBLE_EQ(value_of(facts, "storage.data.capacity"), 4e12);
  EXPECT_EQ(facts.find("storage.data.read_bw"), nullptr);
}

TEST_F(ResolveTest, UndeclaredVolumesAreNotPresent) {
  FactSet facts = resolve(server_with(""), "s");
  for (const char* volume : {"system", "data", "checkpoint", "archive"}) {
    std::string name = std::string("storage.") + volume + ".present";
    ASSERT_NE(facts.find(name), nullptr) << name;
    EXPECT_FALSE(fact_of(facts, name).value.boolean) << name;
    EXPECT_EQ(fact_of(facts, name).origin.kind, Origin::Kind::Default) << name;
  }
}

// ---------------------------------------------------------------------------------
// Totals and power.

TEST_F(ResolveTest, ServerTotalsScaleByCount) {
  FactSet facts = resolve(server_with(""), "s");
  EXPECT_DOUBLE_EQ(value_of(facts, "gpu.count"), 4);
  EXPECT_DOUBLE_EQ(value_of(facts, "gpu.vram_total"), 4 * 24e9);
  EXPECT_DOUBLE_EQ(value_of(facts, "gpu.board_power_total"), 4 * 450);
  EXPECT_DOUBLE_EQ(value_of(facts, "cpu.sockets"), 2);
  EXPECT_DOUBLE_EQ(value_of(facts, "cpu.cores_total"), 64);
  EXPECT_DOUBLE_EQ(value_of(facts, "cpu.threads_total"), 128);
  EXPECT_DOUBLE_EQ(value_of(facts, "cpu.memory_channels_total"), 16);
  EXPECT_DOUBLE_EQ(value_of(facts, "cpu.tdp_total"), 450);
  EXPECT_DOUBLE_EQ(value_of(facts, "memory.total"), 16 * 64e9);
  EXPECT_DOUBLE_EQ(value_of(facts, "gpu.count_total"), 4);
  const Fact& vram = fact_of(facts, "gpu.vram");
  EXPECT_EQ(vram.origin.kind, Origin::Kind::Catalog);
  EXPECT_EQ(vram.origin.entry, "test.gpu_24gb");
}

TEST_F(ResolveTest, GpuCountTotalMultipliesNodes) {
  FactSet facts = resolve(server_with("  nodes = 3\n"), "s");
  EXPECT_DOUBLE_EQ(value_of(facts, "gpu.count"), 4);
  EXPECT_DOUBLE_EQ(value_of(facts, "gpu.count_total"), 12);
  EXPECT_EQ(fact_of(facts, "nodes").origin.kind, Origin::Kind::Declared);
}

TEST_F(ResolveTest, FullLoadIsGpusPlusCpusPlusOtherDefault) {
  // 4 x 450 W + 2 x 225 W + 100 W (002 Q1's allowance) = 2350 W.
  FactSet facts = resolve(server_with(""), "s");
  EXPECT_DOUBLE_EQ(value_of(facts, "power.full_load"), 1800 + 450 + 100);
  EXPECT_EQ(fact_of(facts, "power.other").origin.kind, Origin::Kind::Default);
  EXPECT_EQ(fact_of(facts, "power.full_load").origin.kind, Origin::Kind::Derived);
}

TEST_F(ResolveTest, FullLoadUsesDeclaredOtherPower) {
  FactSet facts = resolve(server_with("  other_power = 300 W\n"), "s");
  EXPECT_DOUBLE_EQ(value_of(facts, "power.full_load"), 1800 + 450 + 300);
  EXPECT_EQ(fact_of(facts, "power.other").origin.kind, Origin::Kind::Declared);
}

TEST_F(ResolveTest, PsuCapacityAndOneFailed) {
  FactSet facts = resolve(server_with("  psu = 3 x test.psu_2000w\n  psu_mode = redundant\n"), "s");
  EXPECT_DOUBLE_EQ(value_of(facts, "psu.capacity"), 6000);
  EXPECT_DOUBLE_EQ(value_of(facts, "psu.capacity_one_failed"), 4000);
  EXPECT_EQ(facts.symbol("psu.mode"), "redundant");
  EXPECT_EQ(facts.symbol("psu.efficiency"), "platinum");
}

TEST_F(ResolveTest, ServerDefaults) {
  FactSet facts = resolve(server_with(""), "s");
  EXPECT_EQ(facts.symbol("gpu.link"), "pcie");
  EXPECT_EQ(facts.symbol("network.fabric"), "ethernet");
  EXPECT_FALSE(fact_of(facts, "network.rdma").value.boolean);
  EXPECT_EQ(facts.symbol("psu.mode"), "single");
  EXPECT_EQ(facts.symbol("site.region"), "other");
  EXPECT_EQ(facts.symbol("deploy.kind"), "onprem");
  EXPECT_TRUE(fact_of(facts, "gpu.fp8").value.boolean);  // the catalog lists fp8_tflops
}

TEST_F(ResolveTest, RoceIsRdma) {
  FactSet facts = resolve(server_with("  network { fabric = roce }\n"), "s");
  EXPECT_TRUE(fact_of(facts, "network.rdma").value.boolean);
}

// ---------------------------------------------------------------------------------
// Cloud: the instance type supplies the hardware.

std::string cloud_with(const std::string& instance, const std::string& extra = "") {
  return "cloud c {\n  provider = aws\n  instance = " + instance + "\n  region = \"r\"\n" + extra + "}\n";
}

TEST_F(ResolveTest, CloudCoresAreHalfTheVcpus) {
  FactSet facts = resolve(cloud_with("test.cloud_8gpu"), "c");
  EXPECT_DOUBLE_EQ(value_of(facts, "cpu.vcpus"), 96);
  EXPECT_DOUBLE_EQ(value_of(facts, "cpu.cores_total"), 48);
}

TEST_F(ResolveTest, CloudSmallInstanceCores) {
  FactSet facts = resolve(cloud_with("test.cloud_plain"), "c");
  EXPECT_DOUBLE_EQ(value_of(facts, "cpu.cores_total"), 4);
  EXPECT_DOUBLE_EQ(value_of(facts, "gpu.count"), 1);
  EXPECT_EQ(facts.symbol("network.fabric"), "ethernet");
  EXPECT_FALSE(fact_of(facts, "network.rdma").value.boolean);
}

TEST_F(ResolveTest, CloudGpuCountTotalAndMemory) {
  FactSet facts = resolve(cloud_with("test.cloud_8gpu", "  count = 2\n"), "c");
  EXPECT_DOUBLE_EQ(value_of(facts, "gpu.count"), 8);
  EXPECT_DOUBLE_EQ(value_of(facts, "gpu.count_total"), 16);
  EXPECT_DOUBLE_EQ(value_of(facts, "nodes"), 2);
  EXPECT_DOUBLE_EQ(value_of(facts, "gpu.vram_total"), 8 * 80e9);
  EXPECT_DOUBLE_EQ(value_of(facts, "memory.total"), 1152.0 * 1024 * 1024 * 1024);
  EXPECT_DOUBLE_EQ(value_of(facts, "network.bandwidth"), 400e9 / 8);
  EXPECT_EQ(facts.symbol("network.fabric"), "efa");
  EXPECT_TRUE(fact_of(facts, "network.rdma").value.boolean);
  EXPECT_EQ(facts.symbol("gpu.link"), "nvswitch");
  const Fact& memory = fact_of(facts, "memory.total");
  EXPECT_EQ(memory.origin.kind, Origin::Kind::Catalog);
  EXPECT_EQ(memory.origin.entry, "test.cloud_8gpu");
}

TEST_F(ResolveTest, CloudInfinibandFabric) {
  FactSet facts = resolve(cloud_with("test.cloud_ib"), "c");
  EXPECT_EQ(facts.symbol("network.fabric"), "infiniband");
  EXPECT_TRUE(fact_of(facts, "network.rdma").value.boolean);
  EXPECT_EQ(facts.symbol("deploy.kind"), "cloud");
}

// ---------------------------------------------------------------------------------
// Workloads.

TEST_F(ResolveTest, WorkloadModelShapeFromCatalog) {
  FactSet facts = resolve("workload w {\n  task = llm.finetune\n  model = test.model_7b\n  layers = 40\n}\n", "w");
  EXPECT_DOUBLE_EQ(value_of(facts, "workload.params"), 7e9);
  EXPECT_EQ(fact_of(facts, "workload.params").origin.kind, Origin::Kind::Catalog);
  EXPECT_EQ(fact_of(facts, "workload.params").origin.entry, "test.model_7b");
  EXPECT_DOUBLE_EQ(value_of(facts, "workload.hidden"), 4096);
  // Declared values win over the model's.
  EXPECT_DOUBLE_EQ(value_of(facts, "workload.layers"), 40);
  EXPECT_EQ(fact_of(facts, "workload.layers").origin.kind, Origin::Kind::Declared);
  EXPECT_EQ(facts.symbol("workload.method"), "full");
}

TEST_F(ResolveTest, WorkloadInferenceMethodAndWeights) {
  FactSet facts = resolve("workload w {\n  task = llm.inference\n  params = 7B\n  precision = fp16\n}\n", "w");
  EXPECT_EQ(facts.symbol("workload.method"), "inference");
  EXPECT_EQ(fact_of(facts, "workload.method").origin.kind, Origin::Kind::Default);
  // 7e9 params x 2 B; inference = 1.2 x weights (EleutherAI), no KV cache without a shape.
  EXPECT_DOUBLE_EQ(value_of(facts, "workload.mem.model_weights"), 14e9);
  EXPECT_NEAR(value_of(facts, "workload.mem.per_gpu"), 16.8e9, 1e3);
  EXPECT_EQ(fact_of(facts, "workload.mem.per_gpu").origin.kind, Origin::Kind::Estimator);
  EXPECT_FALSE(fact_of(facts, "workload.mem.shape_known").value.boolean);
}

TEST_F(ResolveTest, WorkloadWithoutParamsHasNoEstimate) {
  FactSet facts = resolve("workload w {\n  task = cv.classification\n}\n", "w");
  EXPECT_EQ(facts.find("workload.mem.per_gpu"), nullptr);
  EXPECT_EQ(facts.symbol("workload.precision"), "bf16");
}

TEST_F(ResolveTest, WorkloadVersionedSoftwareIsSplit) {
  FactSet facts = resolve("workload w {\n  task = recsys\n  software { framework = pytorch@2.3 }\n}\n", "w");
  EXPECT_EQ(facts.symbol("workload.software.framework"), "pytorch@2.3");
  EXPECT_EQ(facts.symbol("workload.software.framework.name"), "pytorch");
  EXPECT_EQ(facts.symbol("workload.software.framework.version"), "2.3");
}

TEST_F(ResolveTest, ServedWorkloadIsEstimatedOnTheDeploymentsGpus) {
  // Full AdamW training, ZeRO-3 over 2 x 8 = 16 GPUs: the 16 B/param states are sharded.
  FactSet facts = resolve(
      "workload w {\n  task = llm.finetune\n  params = 7B\n  sharding = zero3\n}\n" +
          cloud_with("test.cloud_8gpu", "  count = 2\n  serves = w\n"),
      "c");
  EXPECT_EQ(facts.symbol("workload.name"), "w");
  const Fact& per_gpu = fact_of(facts, "workload.mem.per_gpu");
  EXPECT_NE(per_gpu.origin.explanation.str().find("16 GPU(s), data parallel 16"), std::string::npos)
      << per_gpu.origin.explanation;
  // DeepSpeed's ZeRO-3 count (CATALOG-FACTS.md): 4L + 18P/N; L unknown here (no shape),
  // so model states are 18 B x 7e9 / 16 = 7.875e9 B per GPU.
  EXPECT_DOUBLE_EQ(value_of(facts, "workload.mem.weights") + value_of(facts, "workload.mem.gradients") +
                       value_of(facts, "workload.mem.optimizer"),
                   18 * 7e9 / 16);
}

}  // namespace
}  // namespace gpuspec::facts
