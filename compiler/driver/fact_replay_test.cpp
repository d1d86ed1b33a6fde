// Differential test of the replayed fact groups (facts/library_fact_cache.h): every
// declaration of every example spec, and a generated variety of software stacks, GPUs,
// regions and deployments, resolves to exactly the facts (values, origins with their
// ranges, entries and explanation texts) with replaying on as with it off, both when
// its group is recorded and when it is replayed.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <unistd.h>

#include "driver/session.h"
#include "facts/library_fact_cache.h"
#include "facts/resolve.h"
#include "sema/loader.h"

namespace gpuspec::driver {
namespace {

namespace fs = std::filesystem;

// Everything a reader of a fact can see, as text.
std::string describe(const facts::Fact& fact) {
  const auto& o = fact.origin;
  std::string value = fact.value.display();
  if (fact.value.type == facts::Value::Type::Quantity) {
    value += fmt::format(" ({} {})", fact.value.quantity.value, static_cast<int>(fact.value.quantity.currency));
  }
  return fmt::format("{} {} | {} {}:{}-{} [{}] {}", static_cast<int>(fact.value.type), value, static_cast<int>(o.kind),
                     o.range.file, o.range.begin, o.range.end, o.entry, o.explanation.str());
}

std::vector<std::string> describe(const facts::FactSet& facts) {
  std::vector<std::string> out;
  for (const auto& [name, fact] : facts.sorted()) out.push_back(fmt::format("{} = {}", name, describe(*fact)));
  return out;
}

struct Tally {
  std::size_t declarations = 0;
  std::size_t facts = 0;
};

// Resolves every deployment of `program` without replaying, then twice with it (the
// first may record, the second replays what the first or an earlier one recorded).
void expect_same_facts(const sema::Program& program, const std::string& file, Tally& tally) {
  for (const sema::DeclEntry* entry : program.user_declarations()) {
    const std::string& kind = entry->decl->kind;
    if (kind != "server" && kind != "cloud") continue;
    DiagnosticEngine diags;
    facts::set_fact_replay(false);
    std::vector<std::string> fresh = describe(facts::resolve_facts(program, *entry, diags));
    facts::set_fact_replay(true);
    std::vector<std::string> first = describe(facts::resolve_facts(program, *entry, diags));
    std::vector<std::string> again = describe(facts::resolve_facts(program, *entry, diags));
    EXPECT_EQ(fresh, first) << file << ": " << entry->decl->name;
    EXPECT_EQ(fresh, again) << file << ": " << entry->decl->name;
    ++tally.declarations;
    tally.facts += fresh.size();
  }
}

class FactReplay : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("gpuspec-fact-replay-test-" + std::to_string(::getpid()));
    fs::create_directories(dir_);
  }
  void TearDown() override {
    facts::set_fact_replay(true);
    fs::remove_all(dir_);
  }

  // Loads `path`; null when it does not check cleanly (resolution assumes it does).
  std::optional<sema::Program> load(Session& session, const std::string& path) {
    DiagnosticEngine diags;
    std::string io_error;
    auto program = sema::load_program(path, session.library(), session.sources(), diags, &io_error);
    if (!program || diags.has_errors()) return std::nullopt;
    return program;
  }

  std::string write(const std::string& name, const std::string& text) {
    auto path = (dir_ / name).string();
    std::ofstream(path) << text;
    return path;
  }

  fs::path dir_;
};

TEST_F(FactReplay, EveryExampleResolvesAsWithoutReplaying) {
  Session session(LibraryOptions{});
  ASSERT_TRUE(session.library_diagnostics().empty());
  Tally tally;
  std::size_t files = 0;
  for (const auto& entry : fs::recursive_directory_iterator(fs::path(GPUSPEC_SOURCE_DIR) / "examples")) {
    if (entry.path().extension() != ".gpuspec") continue;
    auto program = load(session, entry.path().string());
    if (!program) continue;
    expect_same_facts(*program, entry.path().string(), tally);
    ++files;
  }
  EXPECT_GE(files, 15u);
  EXPECT_GE(tally.declarations, 20u);
}

// Servers and clouds over every combination the compat resolvers tell apart: known and
// unknown framework releases, bundled and system CUDA, toolkits that fit or not, drivers
// above and below each minimum, extension builders, Windows, export-restricted GPUs in
// restricted and free regions; software declared on the deployment, on the served
// workload, or on both; several deployments with the same inputs in one file and
// across files (the second file replays what the first recorded, at its own ranges).
std::string generated_spec(int seed) {
  const char* gpus[] = {"nvidia.h100_80gb_sxm", "nvidia.a100_80gb_pcie", "nvidia.rtx_4090", "nvidia.l40s",
                        "nvidia.v100_32gb_sxm2", "nvidia.b200_180gb_sxm", "nvidia.rtx_4090_d", "huawei.ascend_910b"};
  const char* frameworks[] = {"pytorch@2.3", "pytorch@2.1.2", "[deepspeed, pytorch@2.4]", "tensorflow@2.15",
                              "jax@0.4",     "pytorch@9.9",  "[vllm@0.4, pytorch@2.2]",  "mxnet@1.9"};
  const char* cudas[] = {"\"12.1\"", "\"11.8\"", "\"12.4\"", "\"13.0\"", "\"10.2\"", "\"x.y\""};
  const char* drivers[] = {"\"535.104.05\"", "\"470.57\"", "\"550.54\"", "\"570.86\"", "\"not.a.version\""};
  const char* distributed[] = {"deepspeed", "[megatron, nccl]", "none", "horovod"};
  const char* oses[] = {"ubuntu@22.04", "windows_server@2022", "rocky@9"};
  const char* regions[] = {"cn", "us", "eu", "other"};
  std::string text;
  unsigned state = static_cast<unsigned>(seed) * 2654435761u + 12345u;
  auto pick = [&](auto& choices) {
    state = state * 1103515245u + 12345u;
    return choices[(state >> 8) % std::size(choices)];
  };
  auto stack = [&](bool full) {
    std::string s = fmt::format("software {{ os = {}; framework = {}; cuda = {}", pick(oses), pick(frameworks), pick(cudas));
    if (full) s += fmt::format("; driver = {}; distributed = {}", pick(drivers), pick(distributed));
    if (full) s += "; containers = docker; monitoring = [dcgm]";
    return s + " }";
  };
  for (int w = 0; w < 4; ++w) {
    text += fmt::format("workload w{} {{\n  task = llm.finetune; model = models.llama2_7b; precision = bf16; method = lora\n",
                        w);
    if (w % 2 == 0) text += "  " + stack(w == 0) + "\n";
    text += "}\n";
  }
  for (int s = 0; s < 24; ++s) {
    const char* gpu = pick(gpus);
    text += fmt::format("server s{} {{\n  serves = w{}\n  gpu = {} x {}\n", s, s % 4, 1 + s % 8, gpu);
    if (s % 3 != 0) text += "  " + stack(s % 3 == 1) + "\n";
    if (s % 5 != 0) text += fmt::format("  site {{ region = {} }}\n", pick(regions));
    text += "}\n";
  }
  const char* instances[] = {"aws.p4d_24xlarge", "azure.nd96asr_v4", "alicloud.gn7i_c16g1_4xlarge"};
  for (int c = 0; c < 6; ++c) {
    text += fmt::format("cloud c{} {{\n  serves = w{}\n  provider = aws\n  instance = {}\n", c, c % 4, pick(instances));
    if (c % 2 == 0) text += "  " + stack(true) + "\n";
    text += "}\n";
  }
  return text;
}

TEST_F(FactReplay, GeneratedStacksResolveAsWithoutReplaying) {
  Session session(LibraryOptions{});
  Tally tally;
  std::size_t files = 0;
  for (int seed = 0; seed < 12; ++seed) {
    std::string path = write(fmt::format("gen{}.gpuspec", seed), generated_spec(seed));
    auto program = load(session, path);
    EXPECT_TRUE(program) << path;
    if (!program) continue;
    expect_same_facts(*program, path, tally);
    ++files;
  }
  EXPECT_EQ(files, 12u);
  EXPECT_GE(tally.declarations, 12u * 30u);
  // The variety reached the cache: many distinct inputs were recorded.
  const facts::LibraryFactCache* cache = facts::library_fact_cache(
      *load(session, write("empty.gpuspec", "")), {"framework_release", "cuda_arch", "cuda_driver", "export_restriction"});
  ASSERT_NE(cache, nullptr);
  EXPECT_GE(cache->compat.size(), 50u);
  EXPECT_GE(cache->baseboard.size(), 3u);
}

// A program with compatibility entries of its own does not share the library's records:
// the same inputs resolve against its tables.
TEST_F(FactReplay, AProgramWithItsOwnTablesResolvesAgainstThem) {
  Session session(LibraryOptions{});
  Tally tally;
  const std::string servers = R"(
server a { gpu = 8 x nvidia.h100_80gb_sxm; software { framework = myfw@1.0; cuda = "12.1"; driver = "535.104.05" } }
)";
  auto plain = load(session, write("plain.gpuspec", servers));
  ASSERT_TRUE(plain);
  expect_same_facts(*plain, "plain", tally);
  auto own = load(session, write("own.gpuspec", servers + R"(
framework_release own.myfw_1_0 {
  framework    = myfw
  version      = "1.0"
  cuda         = ["12.1"]
  bundles_cuda = true
  source       = "test"
}
)"));
  ASSERT_TRUE(own);
  EXPECT_EQ(facts::library_fact_cache(*own, {"framework_release"}), nullptr);
  EXPECT_NE(facts::library_fact_cache(*own, {"cuda_arch"}), nullptr);
  expect_same_facts(*own, "own", tally);
  DiagnosticEngine diags;
  auto a = facts::resolve_facts(*plain, *plain->find("a"), diags);
  auto b = facts::resolve_facts(*own, *own->find("a"), diags);
  ASSERT_NE(a.find("software.framework_known"), nullptr);
  ASSERT_NE(b.find("software.framework_known"), nullptr);
  EXPECT_FALSE(a.find("software.framework_known")->value.boolean);
  EXPECT_TRUE(b.find("software.framework_known")->value.boolean);
  EXPECT_EQ(b.find("software.framework_known")->origin.entry, "own.myfw_1_0");
}

// The per-server work left is cheap: pcie.lanes_needed's explanation is formatted when
// read (a note prints it), not when the server is resolved, and reads as it always did.
TEST_F(FactReplay, LaneExplanationIsFormattedWhenRead) {
  Session session(LibraryOptions{});
  auto program = load(session, write("lanes.gpuspec", R"(
disk my.nolanes { capacity = 4 TB; kind = nvme_ssd; interface = nvme }
gpu my.gpu_nolanes { vram = 24 GB; board_power = 300 W }
server s { gpu = 8 x nvidia.h100_80gb_pcie; storage { system = my.nolanes; data = 2 x samsung.pm9a3_3_84tb } }
server t { gpu = 8 x my.gpu_nolanes }
)"));
  ASSERT_TRUE(program);
  DiagnosticEngine diags;
  auto s = facts::resolve_facts(*program, *program->find("s"), diags);
  auto t = facts::resolve_facts(*program, *program->find("t"), diags);
  const facts::Fact* lanes_s = s.find("pcie.lanes_needed");
  const facts::Fact* lanes_t = t.find("pcie.lanes_needed");
  ASSERT_TRUE(lanes_s && lanes_t);
  EXPECT_TRUE(lanes_s->origin.explanation.deferred());
  EXPECT_EQ(lanes_s->value.quantity.value, 8 * 16 + 2 * 4);
  EXPECT_EQ(lanes_s->origin.explanation.str(),
            "GPUs 128 lanes (8 devices) + NVMe drives 8 lanes (2 devices); no lane count in the catalog for my.nolanes");
  EXPECT_EQ(lanes_t->origin.explanation.str(), "no device with a lane count; no lane count in the catalog for my.gpu_nolanes");
}

}  // namespace
}  // namespace gpuspec::driver
