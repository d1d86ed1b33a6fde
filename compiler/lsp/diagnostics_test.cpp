// PublishedDiagnostics against the reference it stands for: the text of each publish is
// dump_json(document_diagnostics(...)), byte for byte, while the kept texts are reused
// with lines inserted above them and removed again.
#include "lsp/diagnostics.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <memory>
#include <vector>

#include "lsp/example_document_test_helpers.h"
#include "lsp/uri.h"
#include "source/json_io.h"

namespace gpuspec::lsp {
namespace {

namespace fs = std::filesystem;

TEST(PublishedDiagnostics, IsTheTextOfTheDocumentsDiagnosticsAfterEveryEdit) {
  const ExampleDocument example = example_with_findings("gpuspec-published");
  const fs::path& dir = example.dir;
  const std::string& path = example.path;
  const std::string& text = example.text;
  const std::string uri = uri_from_path(path);

  CompilerAdapter adapter;
  LibraryFiles library((dir / "cache").string());
  PublishedDiagnostics published;
  std::size_t kept_findings = 0;
  for (const std::string& edited : {text, "# one line above\n" + text, "# two\n# lines above\n" + text, text,
                                    text + "\n# one below\n"}) {
    auto analysis = adapter.analyze(path, edited, {dir.string()});
    Locator kept(*analysis, library, uri);
    Locator fresh(*analysis, library, uri);
    Json reference = document_diagnostics(*analysis, fresh);
    EXPECT_EQ(published.json_text(*analysis, kept), dump_json(reference, -1));
    kept_findings = reference.size();
  }
  EXPECT_GT(kept_findings, 3u);  // the edits moved findings, with notes, not an empty list
  fs::remove_all(dir);
}

// What the server passes: the bytes at the beginning and end that are as they were.
Unchanged unchanged_between(const std::string& was, const std::string& now) {
  Unchanged out;
  const std::size_t n = std::min(was.size(), now.size());
  while (out.prefix < n && was[out.prefix] == now[out.prefix]) ++out.prefix;
  while (out.suffix < n && was[was.size() - 1 - out.suffix] == now[now.size() - 1 - out.suffix]) ++out.suffix;
  return out;
}

// A finding the lint memo kept has the texts it had, so its element of the last publish
// is copied, its lines moved with the edit; but not when its characters moved: here the
// server's findings are on its first line, behind a comment that an edit lengthens.
TEST(PublishedDiagnostics, CopiesAKeptFindingOnlyWhereTheEditMovedItsPositionsAsAWhole) {
  const ExampleDocument example = example_with_findings("gpuspec-published-kept");
  const fs::path& dir = example.dir;
  const std::string uri = uri_from_path(example.path);
  const std::string server =
      "server one { serves = llama_7b_sft; nodes = 1; gpu = 8 x nvidia.h100_80gb_sxm; gpu_link = nvswitch; "
      "cpu = 2 x intel.xeon_gold_6448y; memory = 32 x generic.ddr5_64gb_4800; storage { system = samsung.pm9a3_1_92tb }; "
      "psu = 2 x generic.psu_3300w_titanium; psu_mode = redundant; chassis = supermicro.sys_821ge; cooling = air_server; "
      "network { fabric = infiniband; bandwidth = 400 Gbps; nic = 8 x nvidia.connectx7_ndr_400g }; "
      "site { region = cn; currency = CNY }; budget = 3500000 CNY }\n";
  const std::string top = "import \"workload.gpuspec\"\n";
  struct Step {
    std::string text;
    bool copied;  // whether the server's findings are copied from the last publish
  };
  const std::vector<Step> steps = {
      {top + "/* a */ " + server, false},                          // the first publish makes them
      {top + "/* a */ " + server + "# below\n", true},             // nothing above them moved
      {top + "/* ab */ " + server + "# below\n", false},           // a character before them on their line
      {"# above\n" + top + "/* ab */ " + server + "# below\n", true},  // a line above: their lines move
      {top + "/* ab */ " + server + "# below\n", true},            // and back
      {top + "/* ab */\n" + server + "# below\n", false},         // their line splits: characters move
      {"\n" + top + "/* ab */\n" + server + "# below\n", true},   // a line above: their line starts after it
  };

  CompilerAdapter adapter;
  LibraryFiles library((dir / "cache").string());
  PublishedDiagnostics published;
  std::shared_ptr<const Analysis> last;
  std::string last_text;
  for (std::size_t k = 0; k < steps.size(); ++k) {
    const Step& step = steps[k];
    // As the server does: the replaced analysis, held nowhere else, gives back what was lent to it.
    auto analysis = adapter.analyze(example.path, step.text, {dir.string()}, const_cast<Analysis*>(last.get()));
    last.reset();
    Locator kept(*analysis, library, uri);
    Locator fresh(*analysis, library, uri);
    const Unchanged unchanged = unchanged_between(last_text, step.text);
    const Json reference = document_diagnostics(*analysis, fresh);
    EXPECT_EQ(published.json_text(*analysis, kept, &unchanged), dump_json(reference, -1)) << "step " << k;
    EXPECT_GE(reference.size(), 3u) << "step " << k;
    EXPECT_EQ(published.counts().reused + published.counts().made, reference.size()) << "step " << k;
    if (step.copied) {
      EXPECT_EQ(published.counts().reused, reference.size()) << "step " << k;
    } else {
      EXPECT_EQ(published.counts().reused, 0u) << "step " << k;
    }
    last = std::move(analysis);
    last_text = step.text;
  }
  fs::remove_all(dir);
}

}  // namespace
}  // namespace gpuspec::lsp
