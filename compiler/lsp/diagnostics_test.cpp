// PublishedDiagnostics against the reference it stands for: the text of each publish is
// dump_json(document_diagnostics(...)), byte for byte, while the kept texts are reused
// with lines inserted above them and removed again.
#include "lsp/diagnostics.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "lsp/uri.h"
#include "source/json_io.h"

namespace gpuspec::lsp {
namespace {

namespace fs = std::filesystem;

std::string read(const fs::path& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

TEST(PublishedDiagnostics, IsTheTextOfTheDocumentsDiagnosticsAfterEveryEdit) {
  fs::path dir = fs::temp_directory_path() / ("gpuspec-published-" + std::to_string(::getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir);
  fs::path examples = fs::path(GPUSPEC_SOURCE_DIR) / "examples" / "llm-finetune";
  fs::copy_file(examples / "workload.gpuspec", dir / "workload.gpuspec");
  std::ofstream(dir / "gpuspec.json") << "{}\n";
  const std::string path = (dir / "server.gpuspec").string();
  const std::string uri = uri_from_path(path);
  // The example with findings: without its waiver and acceptance tests, and with two
  // PSUs, whose findings note the facts and catalog entries they read.
  std::string text = read(examples / "server.gpuspec");
  for (const char* line : {"  waive ", "  acceptance "}) {
    std::size_t at = text.find(line);
    ASSERT_NE(at, std::string::npos) << line;
    text.erase(at, text.find('\n', at) - at + 1);
  }
  text.replace(text.find("6 x generic.psu"), 1, "2");

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

}  // namespace
}  // namespace gpuspec::lsp
