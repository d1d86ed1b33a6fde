// The llm-finetune example as an open document with findings, for the language
// server's tests: its server without its waiver and acceptance tests and with two PSUs
// (findings whose notes point into the document, the import and the library), in a
// temporary workspace with the example's workload and an empty gpuspec.json.
#pragma once

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include <gtest/gtest.h>

namespace gpuspec::lsp {

struct ExampleDocument {
  std::filesystem::path dir;  // the workspace (remove it after the test)
  std::string path;           // the document's
  std::string text;
};

inline ExampleDocument example_with_findings(const std::string& name) {
  namespace fs = std::filesystem;
  ExampleDocument out;
  out.dir = fs::temp_directory_path() / (name + "-" + std::to_string(::getpid()));
  fs::remove_all(out.dir);
  fs::create_directories(out.dir);
  fs::path examples = fs::path(GPUSPEC_SOURCE_DIR) / "examples" / "llm-finetune";
  fs::copy_file(examples / "workload.gpuspec", out.dir / "workload.gpuspec");
  std::ofstream(out.dir / "gpuspec.json") << "{}\n";
  out.path = (out.dir / "server.gpuspec").string();
  std::ifstream in(examples / "server.gpuspec");
  std::stringstream text;
  text << in.rdbuf();
  out.text = text.str();
  for (const char* line : {"  waive ", "  acceptance "}) {
    std::size_t at = out.text.find(line);
    EXPECT_NE(at, std::string::npos) << line;
    if (at != std::string::npos) out.text.erase(at, out.text.find('\n', at) - at + 1);
  }
  out.text.replace(out.text.find("6 x generic.psu"), 1, "2");
  return out;
}

}  // namespace gpuspec::lsp
