// The one differential test of the fact memo (facts/fact_memo.h): every declaration of
// every example spec, of the benchmark corpora and of a generated variety of software
// stacks, GPUs, regions and deployments resolves to exactly the facts (values, origins
// with their ranges, entries and explanation texts; the cost provider's included) with
// the memo on as with it off, both when a provider is recorded and when it is replayed.
// And the memo itself on a test provider: one that reads one more fact misses rather
// than replays stale facts.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <unistd.h>

#include "backends/cost/cost_facts.h"
#include "backends/cost/price_files.h"
#include "driver/session.h"
#include "facts/fact_memo.h"
#include "facts/resolve.h"
#include "facts/resolve_server_parts.h"
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
  std::size_t cost_facts = 0;
};

// Resolves every deployment of `program` as the lint engine gets it, from a fact store
// with the cost facts registered (so their quotes, which read other declarations' facts
// from the store, are compared too): without the memo, then twice with it (the first
// may record, the second, after the store forgot the set, replays what the first or
// an earlier one recorded).
void expect_same_facts(const sema::Program& program, const std::string& file, Tally& tally) {
  const cost::PriceBook book = cost::build_price_book(program);
  facts::FactStore plain(program), memoized(program);
  cost::CostFacts plain_cost(plain, book), memoized_cost(memoized, book);
  plain.add_provider(plain_cost);
  memoized.add_provider(memoized_cost);
  auto resolved = [&](facts::FactStore& store, const sema::DeclEntry& entry, DiagnosticEngine& diags) {
    std::vector<std::string> out = describe(store.resolve(entry, diags));  // the cost facts provided too
    store.release(entry);
    return out;
  };
  for (const sema::DeclEntry* entry : program.user_declarations()) {
    const std::string& kind = entry->decl->kind;
    if (kind != "server" && kind != "cloud") continue;
    DiagnosticEngine diags;
    facts::set_fact_memo(false);
    std::vector<std::string> fresh = resolved(plain, *entry, diags);
    facts::set_fact_memo(true);
    std::vector<std::string> first = resolved(memoized, *entry, diags);
    std::vector<std::string> again = resolved(memoized, *entry, diags);
    EXPECT_EQ(fresh, first) << file << ": " << entry->decl->name;
    EXPECT_EQ(fresh, again) << file << ": " << entry->decl->name;
    ++tally.declarations;
    tally.facts += fresh.size();
    tally.cost_facts += std::count_if(fresh.begin(), fresh.end(), [](const std::string& f) { return f.starts_with("cost."); });
  }
}

class FactMemoTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("gpuspec-fact-memo-test-" + std::to_string(::getpid()));
    fs::create_directories(dir_);
  }
  void TearDown() override {
    facts::set_fact_memo(true);
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

TEST_F(FactMemoTest, EveryExampleResolvesAsWithoutTheMemo) {
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
  EXPECT_GE(tally.cost_facts, 100u);  // the cost provider's facts were compared
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

TEST_F(FactMemoTest, GeneratedStacksResolveAsWithoutTheMemo) {
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
  // The variety reached the memo: many distinct inputs were recorded.
  const facts::FactMemo* memo = facts::library_memo(*load(session, write("empty.gpuspec", "")));
  ASSERT_NE(memo, nullptr);
  EXPECT_GE(memo->size(), 50u);
}

// The benchmark's generated corpora (test/bench/peer/gen.py): servers of every shape the
// peer bench times, half of the files serving a 7B full fine-tune.
TEST_F(FactMemoTest, BenchCorporaResolveAsWithoutTheMemo) {
  const fs::path gen = fs::path(GPUSPEC_SOURCE_DIR) / "test/bench/peer/gen.py";
  for (const char* mixed : {"", " --mixed-workloads"}) {
    const fs::path out = dir_ / (*mixed ? "mixed" : "peer");
    const std::string command = fmt::format("python3 '{}' 400 '{}' 20{} > /dev/null", gen.string(), out.string(), mixed);
    if (std::system(command.c_str()) != 0) GTEST_SKIP() << "python3 could not run " << gen;
    Session session(LibraryOptions{});
    Tally tally;
    std::size_t files = 0;
    for (const auto& entry : fs::recursive_directory_iterator(out)) {
      if (entry.path().extension() != ".gpuspec") continue;
      auto program = load(session, entry.path().string());
      EXPECT_TRUE(program) << entry.path();
      if (!program) continue;
      expect_same_facts(*program, entry.path().string(), tally);
      ++files;
    }
    EXPECT_GE(files, 20u);
    EXPECT_GE(tally.declarations, 400u);
  }
}

// A served workload of the same text is one entry of the library's memo for every file
// that has it, wherever it sits in the file: the facts replayed in another file point
// into that file, at the workload's own properties there.
TEST_F(FactMemoTest, AWorkloadOfTheSameTextIsSharedAcrossFilesAtItsOwnPlace) {
  Session session(LibraryOptions{});
  const std::string workload = "workload w { task = llm.finetune; params = 7B; precision = bf16; method = full }\n";
  const std::string server = "server s { serves = w; gpu = 2 x nvidia.l40s; cpu = 1 x amd.epyc_9354 }\n";
  Tally tally;
  auto first = load(session, write("first.gpuspec", workload + server));
  ASSERT_TRUE(first);
  expect_same_facts(*first, "first", tally);
  const std::size_t kept = facts::library_memo(*first)->size();
  // The same workload after a comment and the server: every offset differs.
  auto second = load(session, write("second.gpuspec", "# moved down\n\n" + server + "\n" + workload));
  ASSERT_TRUE(second);
  expect_same_facts(*second, "second", tally);
  EXPECT_EQ(facts::library_memo(*second)->size(), kept);  // replayed, nothing new recorded
  DiagnosticEngine diags;
  const facts::FactMemo program_memo(false);
  auto facts = facts::resolve_facts(*second, *second->find("s"), diags, &program_memo);  // a replay
  const facts::Fact* params = facts.find("workload.params");
  ASSERT_NE(params, nullptr);
  const SourceFile& file = session.sources().file(params->origin.range.file);
  EXPECT_EQ(file.path(), (dir_ / "second.gpuspec").string());
  EXPECT_EQ(file.slice(params->origin.range), "params = 7B");
  // A different workload text is another entry.
  auto third = load(session, write("third.gpuspec", server + "workload w { task = llm.finetune; params = 13B; method = full }\n"));
  ASSERT_TRUE(third);
  expect_same_facts(*third, "third", tally);
  EXPECT_GT(facts::library_memo(*third)->size(), kept);
}

// The shared entry replayed in another file is moved there once, into the program's
// memo: every server of that file borrows the same moved facts (one address), each
// pointing at the workload's own text in that file, and a third file gets its own copy.
TEST_F(FactMemoTest, AWorkloadMovedToAnotherFileIsMovedOnceForAllItsServers) {
  Session session(LibraryOptions{});
  const std::string workload = "workload w { task = llm.finetune; params = 7B; precision = bf16; method = full }\n";
  auto server = [](const char* name) {
    return fmt::format("server {} {{ serves = w; gpu = 2 x nvidia.l40s; cpu = 1 x amd.epyc_9354 }}\n", name);
  };
  Tally tally;
  auto first = load(session, write("first.gpuspec", workload + server("a")));
  ASSERT_TRUE(first);
  expect_same_facts(*first, "first", tally);
  auto second = load(session, write("second.gpuspec", "# moved down\n" + server("s") + server("t") + workload));
  ASSERT_TRUE(second);
  expect_same_facts(*second, "second", tally);  // as without the memo, moved or not
  DiagnosticEngine diags;
  const facts::FactMemo program_memo(false);
  auto s = facts::resolve_facts(*second, *second->find("s"), diags, &program_memo);
  auto t = facts::resolve_facts(*second, *second->find("t"), diags, &program_memo);
  const facts::Fact* params = s.find("workload.params");
  ASSERT_NE(params, nullptr);
  EXPECT_EQ(t.find("workload.params"), params);  // borrowed from one moved copy
  const SourceFile& file = session.sources().file(params->origin.range.file);
  EXPECT_EQ(file.path(), (dir_ / "second.gpuspec").string());
  EXPECT_EQ(file.slice(params->origin.range), "params = 7B");
  // Another program's memo moves its own copy, into its own file.
  auto third = load(session, write("third.gpuspec", server("u") + "\n\n" + workload));
  ASSERT_TRUE(third);
  const facts::FactMemo third_memo(false);
  auto u = facts::resolve_facts(*third, *third->find("u"), diags, &third_memo);
  const facts::Fact* moved = u.find("workload.params");
  ASSERT_NE(moved, nullptr);
  EXPECT_NE(moved, params);
  EXPECT_EQ(session.sources().file(moved->origin.range.file).slice(moved->origin.range), "params = 7B");
  EXPECT_EQ(session.sources().file(moved->origin.range.file).path(), (dir_ / "third.gpuspec").string());
}

// A server's own facts are memoized per part (facts/resolve_server_parts.h), keyed by the
// text of the body items each part reads: a server with the same parts in another file,
// at other offsets and under another name, records nothing new and its facts point into
// its own text; one that differs in one part records that part again.
TEST_F(FactMemoTest, AServersPartsOfTheSameTextAreSharedAtItsOwnPlace) {
  Session session(LibraryOptions{});
  const std::string parts = R"(gpu = 2 x nvidia.l40s
  cpu = 1 x amd.epyc_9354
  psu = 2 x generic.psu_2000w_platinum
  storage { system = samsung.pm9a3_1_92tb })";
  Tally tally;
  auto first = load(session, write("first.gpuspec", "server s {\n  " + parts + "\n}\n"));
  ASSERT_TRUE(first);
  expect_same_facts(*first, "first", tally);
  const std::size_t kept = facts::library_memo(*first)->size();
  auto second = load(session, write("second.gpuspec", "# moved down\n\nserver another {\n\n  " + parts + "\n}\n"));
  ASSERT_TRUE(second);
  expect_same_facts(*second, "second", tally);
  EXPECT_EQ(facts::library_memo(*second)->size(), kept);  // replayed, nothing new recorded
  DiagnosticEngine diags;
  auto facts = facts::resolve_facts(*second, *second->find("another"), diags);  // a replay
  auto slice = [&](const char* name) {
    const facts::Fact* fact = facts.find(name);
    EXPECT_NE(fact, nullptr) << name;
    if (!fact) return std::string();
    const SourceFile& file = session.sources().file(fact->origin.range.file);
    EXPECT_EQ(file.path(), (dir_ / "second.gpuspec").string()) << name;
    return std::string(file.slice(fact->origin.range));
  };
  EXPECT_EQ(slice("cpu.cores_total"), "1 x amd.epyc_9354");
  EXPECT_EQ(slice("psu.capacity"), "2 x generic.psu_2000w_platinum");
  EXPECT_EQ(slice("storage.system.capacity"), "samsung.pm9a3_1_92tb");
  EXPECT_EQ(slice("storage.data.present"), "another");  // a default, at the server's name
  EXPECT_EQ(slice("power.gpus"), "2 x nvidia.l40s");
  EXPECT_EQ(slice("pcie.lanes_needed"), "2 x nvidia.l40s");
  // Another supply: its part (and only what reads it) is recorded again.
  auto third = load(session, write("third.gpuspec", "server s {\n  " + parts + "\n  psu_mode = redundant\n}\n"));
  ASSERT_TRUE(third);
  expect_same_facts(*third, "third", tally);
  // Just the supplies' entry: no other part reads `psu_mode` (a whole server's entry
  // would be recorded again; without the part memos nothing would be).
  EXPECT_EQ(facts::library_memo(*third)->size(), kept + 1);
  auto redundant = facts::resolve_facts(*third, *third->find("s"), diags);
  ASSERT_NE(redundant.symbol("psu.mode"), std::nullopt);
  EXPECT_EQ(*redundant.symbol("psu.mode"), "redundant");
}

// A part is keyed by the body items it reads, with no list of them: a part that reads
// `cooling` (a resolver that began reading one more property) is keyed by it, so a server
// that differs only there does not replay its entry, and one with the same item does.
TEST_F(FactMemoTest, APartIsKeyedByEveryItemItReads) {
  Session session(LibraryOptions{});
  auto cooled = load(session, write("cooled.gpuspec", "server s {\n  gpu = 2 x nvidia.l40s\n  cooling = air_server\n}\n"));
  auto plain = load(session, write("plain.gpuspec", "server s {\n  gpu = 2 x nvidia.l40s\n}\n"));
  auto again = load(session, write("again.gpuspec", "# moved\nserver t {\n  cooling = air_server\n  gpu = 1 x nvidia.l40s\n}\n"));
  ASSERT_TRUE(cooled && plain && again);
  int runs = 0;
  // The part reads `gpu` and `cooling` and writes at the server's name (a slot), so no
  // origin of its output lies in `cooling`: only the read itself tells.
  auto run = [&](const sema::Program& program, const char* server) {
    const sema::DeclEntry* entry = program.find(server);
    facts::FactSet set(server, "server");
    facts::FactBuilder b(program, *entry->decl, set);
    b.set_file(entry->file);
    facts::ServerPartMemo parts(b);
    static int* counted = nullptr;
    counted = &runs;
    parts.run("test.cooling", [](facts::FactBuilder& b) {
      ++*counted;
      (void)facts::find_property(b.decl().body, "gpu");
      const bool declared = facts::find_property(b.decl().body, "cooling") != nullptr;
      b.derived("cooling.kind", facts::Value::symbol(declared ? "declared" : "none"), b.decl().name_range,
                facts::Explanation::literal("test"));
    });
    return set.symbol("cooling.kind").value_or("");
  };
  const facts::FactMemo* memo = facts::library_memo(*cooled);
  ASSERT_NE(memo, nullptr);
  const std::size_t before = memo->size();
  EXPECT_EQ(run(*cooled, "s"), "declared");
  EXPECT_EQ(memo->size(), before + 1);
  EXPECT_EQ(run(*plain, "s"), "none");  // the same `gpu`, no `cooling`: not the entry above
  EXPECT_EQ(memo->size(), before + 2);
  EXPECT_EQ(runs, 2);
  EXPECT_EQ(run(*cooled, "s"), "declared");  // replayed
  // Another `gpu` read first: a miss, then kept; the same `cooling` does not make it a replay.
  EXPECT_EQ(run(*again, "t"), "declared");
  EXPECT_EQ(runs, 3);
  EXPECT_EQ(memo->size(), before + 3);
  // An item read that names the program's own declaration keeps nothing (fail closed):
  // another program's declaration of that name is another card.
  auto own = load(session, write("own.gpuspec", "gpu my.card { vram = 24 GB; board_power = 300 W }\n"
                                                "server s {\n  gpu = 2 x my.card\n}\n"));
  ASSERT_TRUE(own);
  EXPECT_EQ(run(*own, "s"), "none");
  EXPECT_EQ(run(*own, "s"), "none");
  EXPECT_EQ(runs, 5);
  EXPECT_EQ(memo->size(), before + 3);
}

// A program with compatibility entries of its own does not share the library's entries:
// the same inputs resolve against its tables.
TEST_F(FactMemoTest, AProgramWithItsOwnTablesResolvesAgainstThem) {
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
  const std::size_t kept = facts::library_memo(*own)->size();
  expect_same_facts(*own, "own", tally);
  EXPECT_EQ(facts::library_memo(*own)->size(), kept);  // its compat facts read its own table: not shared
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
TEST_F(FactMemoTest, LaneExplanationIsFormattedWhenRead) {
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

// The memo on test providers, on sets made by hand for a declaration of a loaded program.
class TestProvider : public FactMemoTest {
 protected:
  void SetUp() override {
    FactMemoTest::SetUp();
    program_ = load(session_, write("p.gpuspec", "server s { gpu = 8 x nvidia.h100_80gb_sxm }\n"));
    ASSERT_TRUE(program_);
    own_ = program_->files().front()->source->id();
  }
  facts::FactSet with(double count, double vram) {
    facts::FactSet facts("s", "server");
    facts.set("gpu.count", facts::Value::number(count), facts::Origin{facts::Origin::Kind::Declared, {own_, 1, 2}, {}, {}});
    facts.set("gpu.vram", facts::Value::number(vram), facts::Origin{facts::Origin::Kind::Declared, {own_, 3, 4}, {}, {}});
    return facts;
  }
  // Runs `provide` on `facts` through `memo`, counting its runs.
  template <class Provide>
  void run(const facts::FactMemo& memo, facts::FactSet& facts, Provide provide, const char* key = "test") {
    DiagnosticEngine diags;
    facts::memoized(&memo, key, *program_, SourceRange{own_, 0, 1}, facts, diags, [&](DiagnosticEngine&) {
      ++runs_;
      provide(facts);
    });
  }
  static double out(const facts::FactSet& facts) { return facts.find("memory.total")->value.quantity.value; }

  Session session_{LibraryOptions{}};
  std::optional<sema::Program> program_;
  FileId own_ = kNoFile;
  int runs_ = 0;
};

facts::Origin derived(std::string why) { return facts::Origin{facts::Origin::Kind::Derived, {}, {}, std::move(why)}; }

// memory.total = gpu.count x gpu.vram (any fact the table has stands for the output). A key written by hand for gpu.count alone would
// replay 640 on the second set; the memo saw the read of gpu.vram and runs it again.
TEST_F(TestProvider, AProviderThatReadsOneMoreFactMissesInsteadOfReplayingStale) {
  const facts::FactMemo memo(false);
  auto product = [](facts::FactSet& f) {
    f.set("memory.total", facts::Value::number(f.quantity("gpu.count")->value * f.quantity("gpu.vram")->value), derived("x"));
  };
  auto a = with(8, 80), b = with(8, 40), c = with(8, 80);
  run(memo, a, product);
  run(memo, b, product);
  run(memo, c, product);
  EXPECT_EQ(out(a), 640);
  EXPECT_EQ(out(b), 320);
  EXPECT_EQ(out(c), 640);
  EXPECT_EQ(runs_, 2);  // c replayed what a recorded
  EXPECT_EQ(memo.size(), 2u);
}

// A fact read only on some paths is an input only on those.
TEST_F(TestProvider, WhatIsReadDependsOnWhatWasRead) {
  const facts::FactMemo memo(false);
  auto provide = [](facts::FactSet& f) {
    double count = f.quantity("gpu.count")->value;
    f.set("memory.total", facts::Value::number(count > 4 ? f.quantity("gpu.vram")->value : count), derived("x"));
  };
  auto a = with(2, 80), b = with(2, 40), c = with(8, 80), d = with(8, 40);
  for (auto* facts : {&a, &b, &c, &d}) run(memo, *facts, provide);
  EXPECT_EQ(out(a), 2);
  EXPECT_EQ(out(b), 2);
  EXPECT_EQ(out(c), 80);
  EXPECT_EQ(out(d), 40);
  EXPECT_EQ(runs_, 3);  // b replayed a: it never read gpu.vram
}

// A provider that copies a fact it read whole: the copy is replayed at the replaying
// set's range; a read whose origin says something else is another input.
TEST_F(TestProvider, ACopiedOriginIsReplayedAtTheReadersRange) {
  const facts::FactMemo memo(false);
  auto copy = [](facts::FactSet& f) {
    const facts::Fact* vram = f.find("gpu.vram");
    f.set("memory.total", vram->value, vram->origin);
  };
  auto a = with(8, 80), b = with(8, 80), c = with(8, 80);
  b.set("gpu.vram", facts::Value::number(80), facts::Origin{facts::Origin::Kind::Declared, {own_, 30, 40}, {}, {}});
  c.set("gpu.vram", facts::Value::number(80), facts::Origin{facts::Origin::Kind::Declared, {own_, 30, 40}, {}, "other"});
  for (auto* facts : {&a, &b, &c}) run(memo, *facts, copy);
  EXPECT_EQ(b.find("memory.total")->origin.range.begin, 30u);
  EXPECT_EQ(b.find("memory.total")->origin.range.end, 40u);
  EXPECT_EQ(c.find("memory.total")->origin.explanation.str(), "other");
  EXPECT_EQ(runs_, 2);  // b replayed a at its own range; c's origin differs
}

// A provider reading what the provider before it wrote reads it as one read of the chain
// of entries the memo applied to the set (fact_memo.h): b's "total" ran on other
// inputs than a's, so "plus" misses on b; c's chain is a's, so both replay. A write
// between the two breaks the chain: d's "plus" reads the written total, not a's.
TEST_F(TestProvider, AReadOfAnEarlierProvidersFactsDependsOnItsEntry) {
  const facts::FactMemo memo(false);
  auto total = [](facts::FactSet& f) {
    f.set("gpu.count_total", facts::Value::number(2 * f.quantity("gpu.count")->value), derived("2 nodes"));
    f.set("gpu.vram_total", facts::Value::number(3), derived("not read"));
  };
  auto plus = [](facts::FactSet& f) {
    f.set("memory.total", facts::Value::number(f.quantity("gpu.count_total")->value + 1), derived("+1"));
  };
  auto a = with(8, 80), b = with(4, 80), c = with(8, 80), d = with(8, 80);
  for (auto* facts : {&a, &b, &c}) {
    run(memo, *facts, total, "total");
    run(memo, *facts, plus, "plus");
  }
  EXPECT_EQ(out(a), 17);
  EXPECT_EQ(out(b), 9);
  EXPECT_EQ(out(c), 17);
  EXPECT_EQ(runs_, 4);  // c replayed both
  run(memo, d, total, "total");
  d.set("gpu.count_total", facts::Value::number(100), derived("written between"));
  run(memo, d, plus, "plus");
  EXPECT_EQ(out(d), 101);
  EXPECT_EQ(runs_, 5);  // d replayed "total" and ran "plus" on the written total
  auto e = with(8, 80);
  run(memo, e, total, "total");
  run(memo, e, plus, "plus");
  EXPECT_EQ(out(e), 17);
  EXPECT_EQ(runs_, 5);  // the chain again: both replayed
}

// The library's memo, shared by programs, keeps nothing that names a program's own
// files outside the slots: the provider then runs every time.
TEST_F(TestProvider, TheSharedMemoRefusesOriginsInTheProgramsOwnFiles) {
  const facts::FactMemo memo(true);
  auto own = [&](facts::FactSet& f) {
    f.set("memory.total", facts::Value::number(1), facts::Origin{facts::Origin::Kind::Derived, {own_, 20, 25}, {}, "x"});
  };
  auto a = with(8, 80), b = with(8, 80);
  run(memo, a, own);
  run(memo, b, own);
  EXPECT_EQ(memo.size(), 0u);
  EXPECT_EQ(runs_, 2);
  ASSERT_NE(b.find("memory.total"), nullptr);
  auto elsewhere = [&](facts::FactSet& f) {
    f.set("memory.total", facts::Value::number(1), facts::Origin{facts::Origin::Kind::Derived, {own_ + 1000, 20, 25}, {}, "x"});
  };
  run(memo, a, elsewhere);
  run(memo, b, elsewhere);
  EXPECT_EQ(memo.size(), 1u);
  EXPECT_EQ(runs_, 3);
}

}  // namespace
}  // namespace gpuspec::driver
