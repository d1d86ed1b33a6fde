// Parsing alone: lexing, the hand-written parser (ANTLR for files with a syntax error),
// no checking: syntax::parse_file. BM_ParseCorpusAntlr times syntax::parse_file_with_antlr,
// the ANTLR parser and its AST builder, which parse_file was before the hand-written
// parser, on the same files. Parses every .gpuspec file under GPUSPEC_PARSE_CORPUS (a folder, for
// example the peer corpus test/bench/peer/gen.py writes; default: the repository's
// stdlib, policies and examples). The files are read once, before timing.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "diag/diagnostic.h"
#include "source/source.h"
#include "syntax/parser.h"

namespace {

namespace fs = std::filesystem;

std::vector<std::pair<std::string, std::string>> corpus() {
  std::vector<std::string> folders;
  if (const char* folder = std::getenv("GPUSPEC_PARSE_CORPUS")) {
    folders.push_back(folder);
  } else {
    for (const char* folder : {"stdlib", "policies", "examples"}) folders.push_back(fs::path(GPUSPEC_SOURCE_DIR) / folder);
  }
  std::vector<std::pair<std::string, std::string>> files;
  for (const auto& folder : folders) {
    for (const auto& entry : fs::recursive_directory_iterator(folder)) {
      if (!entry.is_regular_file() || entry.path().extension() != ".gpuspec") continue;
      std::ifstream in(entry.path(), std::ios::binary);
      std::stringstream text;
      text << in.rdbuf();
      files.emplace_back(entry.path().string(), text.str());
    }
  }
  std::sort(files.begin(), files.end());
  return files;
}

template <gpuspec::ast::File (*Parse)(const gpuspec::SourceFile&, gpuspec::DiagnosticEngine&)>
void parse_corpus(benchmark::State& state) {
  static const auto files = corpus();
  std::size_t bytes = 0;
  for (const auto& file : files) bytes += file.second.size();
  for (auto _ : state) {
    gpuspec::SourceManager sources;
    gpuspec::DiagnosticEngine diags;
    for (const auto& [path, text] : files) {
      auto ast = Parse(sources.add(path, text), diags);
      benchmark::DoNotOptimize(ast);
    }
  }
  state.SetBytesProcessed(static_cast<std::int64_t>(bytes) * state.iterations());
  state.counters["files"] = static_cast<double>(files.size());
}
gpuspec::ast::File parse_file(const gpuspec::SourceFile& source, gpuspec::DiagnosticEngine& diags) {
  return gpuspec::syntax::parse_file(source, diags);
}

void BM_ParseCorpus(benchmark::State& state) { parse_corpus<parse_file>(state); }
void BM_ParseCorpusAntlr(benchmark::State& state) { parse_corpus<gpuspec::syntax::parse_file_with_antlr>(state); }
BENCHMARK(BM_ParseCorpus)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_ParseCorpusAntlr)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
