// PublishedDiagnostics against the reference it stands for: the text of each publish is
// dump_json(document_diagnostics(...)), byte for byte, while the kept texts are reused
// with lines inserted above them and removed again.
#include "lsp/diagnostics.h"

#include <gtest/gtest.h>

#include <filesystem>

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

}  // namespace
}  // namespace gpuspec::lsp
