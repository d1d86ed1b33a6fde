// How the time of one `gpuspec check FILE` splits: loading the embedded stdlib and
// policy pack (parse + index + check_library + type-checking the policies, done once
// per process) versus analysing the user's file against it (parse, check, facts, cost
// facts and every policy: driver::analyze_file, exactly what `check` runs per file).
#include <benchmark/benchmark.h>

#include <cstdlib>
#include <string>

#include "diag/diagnostic.h"
#include "driver/session.h"
#include "driver/analysis.h"
#include "snapshot/parse_snapshot_data.h"

namespace {

// A representative spec: the bundled example workload (GPUSPEC_BENCH_FILE overrides).
std::string bench_file() {
  if (const char* f = std::getenv("GPUSPEC_BENCH_FILE")) return f;
  return GPUSPEC_SOURCE_DIR "/examples/llm-finetune/server.gpuspec";
}

gpuspec::driver::AnalysisOptions analysis_options() {
  gpuspec::driver::AnalysisOptions options;
  options.lint_options.today = "2026-11-30";
  return options;
}

void BM_LoadEmbeddedLibrary(benchmark::State& state) {
  for (auto _ : state) {
    gpuspec::driver::Session session(gpuspec::driver::LibraryOptions{});
    benchmark::DoNotOptimize(session.library().index().entries().size());
  }
}
BENCHMARK(BM_LoadEmbeddedLibrary)->Unit(benchmark::kMillisecond);

void BM_CheckOneFileWithLoadedLibrary(benchmark::State& state) {
  gpuspec::driver::Session session(gpuspec::driver::LibraryOptions{});
  const std::string path = bench_file();
  for (auto _ : state) {
    gpuspec::DiagnosticEngine diags;
    // Each iteration adds the file (and its imports) to the session's SourceManager
    // again, as checking many files in one process does.
    auto program = gpuspec::driver::analyze_file(session, path, analysis_options(), diags, nullptr);
    if (!program) {
      state.SkipWithError("cannot read the benchmark file");
      break;
    }
    benchmark::DoNotOptimize(diags.diagnostics().size());
  }
}
BENCHMARK(BM_CheckOneFileWithLoadedLibrary)->Unit(benchmark::kMicrosecond);

void BM_FullCheckOfOneFile(benchmark::State& state) {
  const std::string path = bench_file();
  for (auto _ : state) {
    gpuspec::driver::Session session(gpuspec::driver::LibraryOptions{});
    gpuspec::DiagnosticEngine diags;
    auto program = gpuspec::driver::analyze_file(session, path, analysis_options(), diags, nullptr);
    benchmark::DoNotOptimize(program.has_value());
    benchmark::DoNotOptimize(diags.diagnostics().size());
  }
}
BENCHMARK(BM_FullCheckOfOneFile)->Unit(benchmark::kMillisecond);

}  // namespace

// The library's trees come from the build, as the executable installs them (compiler/main.cpp).
int main(int argc, char** argv) {
  gpuspec::snapshot::install();
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
