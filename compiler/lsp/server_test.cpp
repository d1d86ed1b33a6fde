// The server in-process: messages in, messages out, no pipes. The real binary is
// driven by real clients in test/lsp (node) and test/lsp/nvim (Neovim).
#include "lsp/server.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>

#include "lsp/uri.h"

namespace gpuspec::lsp {
namespace {

namespace fs = std::filesystem;

class ServerTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("gpuspec-lsp-test-" + std::to_string(::getpid()) + "-" +
                                        ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir_);
    fs::create_directories(dir_);
    ServerOptions options;
    options.cache_dir = (dir_ / "cache").string();
    server_ = std::make_unique<Server>([this](const Json& m) { sent_.push_back(m); }, options);
  }
  void TearDown() override {
    fs::permissions(dir_, fs::perms::owner_all, fs::perm_options::add);
    std::error_code ec;
    for (auto& entry : fs::recursive_directory_iterator(dir_, ec)) fs::permissions(entry.path(), fs::perms::owner_all, fs::perm_options::add, ec);
    fs::remove_all(dir_);
  }

  std::string write(const std::string& name, const std::string& text) {
    fs::path path = dir_ / name;
    std::ofstream(path) << text;
    return path.string();
  }
  Json request(const std::string& method, Json params) {
    sent_.clear();
    server_->handle({{"jsonrpc", "2.0"}, {"id", ++id_}, {"method", method}, {"params", std::move(params)}}, now_);
    for (const auto& m : sent_) {
      if (m.contains("id") && m["id"] == id_) return m;
    }
    ADD_FAILURE() << "no response to " << method;
    return nullptr;
  }
  void notify(const std::string& method, Json params) {
    sent_.clear();
    server_->handle({{"jsonrpc", "2.0"}, {"method", method}, {"params", std::move(params)}}, now_);
  }
  // The test's folder is the workspace: documents in it read their imports there.
  void initialize() {
    ASSERT_TRUE(request("initialize", {{"rootUri", uri_from_path(dir_.string())}, {"capabilities", Json::object()}})
                    .contains("result"));
  }
  std::string open(const std::string& path, const std::string& text) {
    std::string uri = uri_from_path(path);
    notify("textDocument/didOpen", {{"textDocument", {{"uri", uri}, {"languageId", "gpuspec"}, {"version", 1}, {"text", text}}}});
    return uri;
  }
  // The diagnostics published since the last message, or null when none were.
  Json published() const {
    for (const auto& m : sent_) {
      if (m.value("method", "") == "textDocument/publishDiagnostics") return m["params"]["diagnostics"];
    }
    return nullptr;
  }
  static std::vector<std::string> codes(const Json& diagnostics) {
    std::vector<std::string> out;
    for (const auto& d : diagnostics) out.push_back(d["code"]);
    return out;
  }
  Json at(const std::string& uri, int line, int character) {
    return {{"textDocument", {{"uri", uri}}}, {"position", {{"line", line}, {"character", character}}}};
  }

  fs::path dir_;
  std::unique_ptr<Server> server_;
  std::vector<Json> sent_;
  int id_ = 0;
  Clock::time_point now_ = Clock::now();
};

constexpr const char* kTypos = R"(workload tiny {
  task      = llm.finetune
  params    = 7B
  dataset   = 50 GBs
}
)";

TEST_F(ServerTest, RefusesRequestsBeforeInitialize) {
  EXPECT_EQ(request("textDocument/hover", Json::object())["error"]["code"], error_code::kServerNotInitialized);
  initialize();
  auto again = request("initialize", Json::object());
  EXPECT_EQ(again["error"]["code"], error_code::kInvalidRequest);
}

TEST_F(ServerTest, AdvertisesIncrementalSyncAndFormatting) {
  auto reply = request("initialize", {{"capabilities", Json::object()}});
  const Json& caps = reply["result"]["capabilities"];
  EXPECT_EQ(caps["textDocumentSync"]["change"], 2);
  EXPECT_EQ(caps["documentFormattingProvider"], true);
}

TEST_F(ServerTest, FormatsTheDocumentAsGpuspecFmtDoes) {
  initialize();
  const std::string messy = "workload w {\n  task=llm.finetune\n  params = 7B\n}\n";
  std::string uri = open(write("messy.gpuspec", messy), messy);
  auto reply = request("textDocument/formatting", {{"textDocument", {{"uri", uri}}}, {"options", {{"tabSize", 2}, {"insertSpaces", true}}}});
  ASSERT_TRUE(reply.contains("result")) << reply.dump();
  ASSERT_EQ(reply["result"].size(), 1u);
  EXPECT_EQ(reply["result"][0]["range"], range_json({0, 0}, {4, 0}));
  EXPECT_EQ(reply["result"][0]["newText"], "workload w {\n  task   = llm.finetune\n  params = 7B\n}\n");
}

TEST_F(ServerTest, FormattingRefusesAFileWithSyntaxErrors) {
  initialize();
  const std::string broken = "workload w {\n  task = \n";
  std::string uri = open(write("broken.gpuspec", broken), broken);
  auto reply = request("textDocument/formatting", {{"textDocument", {{"uri", uri}}}, {"options", Json::object()}});
  ASSERT_TRUE(reply.contains("error")) << reply.dump();
  EXPECT_EQ(reply["error"]["code"], error_code::kRequestFailed);
}

TEST_F(ServerTest, ReadsImportsOnlyInsideAWorkspaceFolder) {
  fs::create_directories(dir_ / "ws");
  fs::create_directories(dir_ / "other");
  write("other/part.gpuspec", "workload part { task = llm.finetune }\n");
  ASSERT_TRUE(request("initialize", {{"workspaceFolders", Json::array({{{"uri", uri_from_path((dir_ / "ws").string())}, {"name", "ws"}}})},
                                     {"capabilities", Json::object()}})
                  .contains("result"));
  const std::string text = "import \"part.gpuspec\"\n";
  std::string uri = open((dir_ / "other" / "main.gpuspec").string(), text);
  EXPECT_EQ(codes(published()), std::vector<std::string>{"import-not-read"});
  // A folder the client adds later: the document is re-checked, and now reads its import.
  notify("workspace/didChangeWorkspaceFolders",
         {{"event", {{"added", Json::array({{{"uri", uri_from_path((dir_ / "other").string())}, {"name", "other"}}})},
                     {"removed", Json::array()}}}});
  sent_.clear();
  server_->run_due(now_);
  EXPECT_EQ(codes(published()), std::vector<std::string>{});
}

TEST_F(ServerTest, PublishesCheckDiagnosticsWithFixItsAsCodeActions) {
  initialize();
  std::string uri = open(write("typos.gpuspec", kTypos), kTypos);
  Json diagnostics = published();
  ASSERT_EQ(codes(diagnostics), std::vector<std::string>{"unknown-unit"});
  EXPECT_EQ(diagnostics[0]["range"], range_json({3, 17}, {3, 20}));
  EXPECT_EQ(diagnostics[0]["message"], "unknown unit 'GBs'\nhelp: did you mean 'GB'?");

  auto actions = request("textDocument/codeAction",
                         {{"textDocument", {{"uri", uri}}}, {"range", range_json({3, 18}, {3, 18})}, {"context", {{"diagnostics", Json::array()}}}});
  ASSERT_EQ(actions["result"].size(), 1u);
  EXPECT_EQ(actions["result"][0]["title"], "replace 'GBs' with 'GB'");
  EXPECT_EQ(actions["result"][0]["edit"]["changes"][uri][0]["newText"], "GB");
}

TEST_F(ServerTest, DebouncesDiagnosticsAfterAnEdit) {
  initialize();
  std::string uri = open(write("typos.gpuspec", kTypos), kTypos);
  notify("textDocument/didChange", {{"textDocument", {{"uri", uri}, {"version", 2}}},
                                    {"contentChanges", {{{"range", range_json({3, 17}, {3, 20})}, {"text", "GB"}}}}});
  EXPECT_TRUE(published().is_null());
  EXPECT_EQ(server_->next_timeout(now_), 200);
  sent_.clear();
  server_->run_due(now_ + std::chrono::milliseconds(199));
  EXPECT_TRUE(published().is_null());
  server_->run_due(now_ + std::chrono::milliseconds(200));
  EXPECT_EQ(published(), Json::array());
  EXPECT_EQ(server_->next_timeout(now_), -1);
}

TEST_F(ServerTest, AppliesTheNearestConfig) {
  // examples/bad/ram-below-2x-vram.gpuspec: 256 GiB of RAM for 160 GB of VRAM.
  constexpr const char* kSpec = R"(workload lora_7b {
  task = llm.finetune; model = models.llama2_7b; method = lora; seq_len = 4096; batch_size = 4; recompute = full
  software { os = ubuntu@22.04; framework = pytorch@2.3; cuda = "12.1"; containers = docker; monitoring = dcgm }
}
server short_on_ram {
  serves = lora_7b; gpu = 2 x nvidia.a100_80gb_pcie; gpu_link = nvlink_bridge; cpu = intel.xeon_gold_6448y
  memory = 8 x generic.ddr5_32gb_4800
  storage { system = samsung.pm9a3_1_92tb; data { drives = 4 x samsung.pm9a3_7_68tb; raid = raid10 } }
  psu = 2 x generic.psu_2700w_titanium; psu_mode = redundant; chassis = supermicro.sys_421ge; cooling = air_server
  acceptance { burn_in = 72 h; benchmark = mlperf }
}
)";
  initialize();
  std::string uri = open(write("spec.gpuspec", kSpec), kSpec);
  EXPECT_EQ(codes(published()), std::vector<std::string>{"memory.ram-2x-vram"});
  auto actions = request("textDocument/codeAction", {{"textDocument", {{"uri", uri}}}, {"range", range_json({6, 2}, {6, 2})}});
  ASSERT_EQ(actions["result"].size(), 1u);
  EXPECT_EQ(actions["result"][0]["title"], "waive memory.ram-2x-vram with a reason…");
  EXPECT_EQ(actions["result"][0]["edit"]["changes"][uri][0],
            Json({{"range", range_json({5, 0}, {5, 0})}, {"newText", "  waive memory.ram-2x-vram \"\"\n"}}));

  fs::create_directories(dir_ / "quiet");
  write("quiet/gpuspec.json", R"({"disable": ["memory.ram-2x-vram"]})");
  open(write("quiet/spec.gpuspec", kSpec), kSpec);
  EXPECT_EQ(published(), Json::array());

  fs::create_directories(dir_ / "typo");
  write("typo/gpuspec.json", R"({"disable": ["memory.ram-2x-vrm"]})");
  open(write("typo/spec.gpuspec", kSpec), kSpec);
  Json diagnostics = published();
  ASSERT_EQ(codes(diagnostics), std::vector<std::string>{"config"});
  EXPECT_NE(diagnostics[0]["message"].get<std::string>().find("unknown rule 'memory.ram-2x-vrm'"), std::string::npos);
  EXPECT_NE(diagnostics[0]["message"].get<std::string>().find("did you mean 'memory.ram-2x-vram'?"), std::string::npos);
}

TEST_F(ServerTest, PricesTheBudgetFromTheConfigsPriceBooks) {
  // One p4d for a month on a 30,000 USD budget: within it at the stdlib's on-demand price,
  // over it at the team's (test data: 100 USD/h x 730 h = 73,000 USD).
  constexpr const char* kSpec = R"(workload w { task = llm.finetune; model = models.llama2_7b; method = lora }
cloud c1 {
  serves = w; provider = aws; instance = aws.p4d_24xlarge; region = "us-east-1"; duration = 1 months
  budget = 30000 USD
}
)";
  constexpr const char* kTeamPrices = R"spec(price team.p4d {
  item = aws.p4d_24xlarge; kind = on_demand; amount = 100 USD/h; region = "us-east-1"
  source = "test data (not a real price)"; as_of = "2026-01-01"
}
)spec";
  auto has = [](const Json& diagnostics, const std::string& code) {
    auto all = codes(diagnostics);
    return std::find(all.begin(), all.end(), code) != all.end();
  };
  initialize();
  fs::create_directories(dir_ / "stdlib-prices");
  write("stdlib-prices/gpuspec.json", "{}");
  open(write("stdlib-prices/spec.gpuspec", kSpec), kSpec);
  EXPECT_FALSE(has(published(), "budget.exceeded"));

  fs::create_directories(dir_ / "team" / "prices");
  write("team/prices/quotes.gpuspec", kTeamPrices);
  write("team/gpuspec.json", R"({"prices": ["prices/quotes.gpuspec"]})");
  open(write("team/spec.gpuspec", kSpec), kSpec);
  EXPECT_TRUE(has(published(), "budget.exceeded"));

  fs::create_directories(dir_ / "missing");
  write("missing/gpuspec.json", R"({"prices": ["nowhere.gpuspec"]})");
  open(write("missing/spec.gpuspec", kSpec), kSpec);
  Json diagnostics = published();
  ASSERT_TRUE(has(diagnostics, "config"));
}

TEST_F(ServerTest, HoverExplainsAWaivedRuleAndDefinitionFindsItsPolicy) {
  constexpr const char* kSpec = "server s {\n  waive memory.ram-2x-vram \"why\"\n}\n";
  initialize();
  std::string uri = open(write("s.gpuspec", kSpec), kSpec);
  auto hover = request("textDocument/hover", at(uri, 1, 10));
  std::string text = hover["result"]["contents"]["value"];
  EXPECT_NE(text.find("memory.ram-2x-vram (error, applies to server"), std::string::npos) << text;
  auto definition = request("textDocument/definition", at(uri, 1, 10));
  std::string target = definition["result"]["uri"];
  EXPECT_NE(target.find("/policies/memory.gpuspec"), std::string::npos) << target;
  auto local = path_from_uri(target);
  ASSERT_TRUE(local && fs::exists(*local));
  EXPECT_EQ(fs::status(*local).permissions() & fs::perms::owner_write, fs::perms::none);  // read-only
}

TEST_F(ServerTest, HoverSaysWhatAProbedFactWasReadFrom) {
  constexpr const char* kSpec =
      "server s {\n  gpu = 1 x nvidia.rtx_4090\n  memory = 62.5 GiB\n"
      "  probed_from { memory = \"/proc/meminfo (MemTotal)\" }\n}\n";
  initialize();
  std::string uri = open(write("s.gpuspec", kSpec), kSpec);
  std::string text = request("textDocument/hover", at(uri, 2, 4))["result"]["contents"]["value"];
  EXPECT_NE(text.find("`memory.total`"), std::string::npos) << text;
  EXPECT_NE(text.find("probed: /proc/meminfo (MemTotal)"), std::string::npos) << text;
}

TEST_F(ServerTest, SaysWhyTheStdlibCannotBeOpened) {
  // The cache folder's parent is a file: nothing can be written under it.
  std::string blocked = write("blocked", "");
  server_ = std::make_unique<Server>([this](const Json& m) { sent_.push_back(m); },
                                     ServerOptions{200, blocked + "/cache"});
  constexpr const char* kSpec = "server s {\n  gpu = 2 x nvidia.rtx_4090\n}\n";
  initialize();
  std::string uri = open(write("s.gpuspec", kSpec), kSpec);
  auto definition = request("textDocument/definition", at(uri, 1, 14));
  EXPECT_TRUE(definition["result"].is_null());
  bool logged = false;
  for (const auto& m : sent_) {
    if (m.value("method", "") == "window/logMessage" &&
        m["params"]["message"].get<std::string>().find("cannot write the stdlib") != std::string::npos) {
      logged = true;
    }
  }
  EXPECT_TRUE(logged);
}

TEST_F(ServerTest, CompletesTheDocumentsOwnWorkloadsFirst) {
  constexpr const char* kSpec = "workload mine { task = llm.finetune }\nserver s {\n  serves = \n}\n";
  initialize();
  std::string uri = open(write("c.gpuspec", kSpec), kSpec);
  auto reply = request("textDocument/completion", at(uri, 2, 11));
  const Json& items = reply["result"]["items"];
  ASSERT_FALSE(items.empty());
  std::vector<std::string> labels;
  for (const auto& item : items) labels.push_back(item["label"]);
  EXPECT_NE(std::find(labels.begin(), labels.end(), "mine"), labels.end());
  for (const auto& item : items) EXPECT_EQ(item["kind"], lsp_enum::kCompletionReference);
}

TEST_F(ServerTest, AnswersBadRequestsWithErrors) {
  initialize();
  std::string uri = open(write("typos.gpuspec", kTypos), kTypos);
  EXPECT_EQ(request("textDocument/hover", at(uri, 400, 0))["error"]["code"], error_code::kInvalidParams);
  EXPECT_EQ(request("textDocument/hover", {{"textDocument", {{"uri", uri}}}, {"position", "x"}})["error"]["code"],
            error_code::kInvalidParams);
  EXPECT_EQ(request("workspace/symbol", Json::object())["error"]["code"], error_code::kMethodNotFound);
  sent_.clear();
  server_->handle(Json::array({1, 2}), now_);
  EXPECT_EQ(sent_.at(0)["error"]["code"], error_code::kInvalidRequest);
  server_->handle({{"jsonrpc", "2.0"}, {"id", Json::object()}, {"method", "shutdown"}}, now_);
  EXPECT_EQ(sent_.at(1)["error"]["code"], error_code::kInvalidRequest);
}

TEST_F(ServerTest, ExitCodeTellsWhetherShutdownCameFirst) {
  initialize();
  notify("exit", nullptr);
  EXPECT_TRUE(server_->exited());
  EXPECT_EQ(server_->exit_code(), 1);
}

}  // namespace
}  // namespace gpuspec::lsp
