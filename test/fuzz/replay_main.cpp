// The fuzz targets' smoke test in the normal build (no libFuzzer, no sanitizers needed):
// feeds every file under the folders (or the files) it is given to the target's
// LLVMFuzzerTestOneInput, as libFuzzer does with a corpus before it mutates anything.
// A trap, crash or uncaught exception fails the test, so the targets and their seeds
// keep building and running between fuzz runs.
//
//   <target>_replay [--reach-backend] PATH...
//
// --reach-backend: every input named after it must get past the target's "checks clean" gate
// (fuzz::backend_runs()); a seed that stops there would fuzz nothing behind it.
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <utility>
#include <vector>

#include "fuzz_gate.h"

// Optional, as for libFuzzer: the lexer and parser targets need no initialisation.
extern "C" __attribute__((weak)) int LLVMFuzzerInitialize(int* argc, char*** argv);
extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size);

int main(int argc, char** argv) {
  namespace fs = std::filesystem;
  bool reach_backend = false;
  std::vector<std::pair<fs::path, bool>> inputs;  // and whether it must reach the backends
  for (int i = 1; i < argc; ++i) {
    std::string arg = argv[i];
    if (arg == "--reach-backend") {
      reach_backend = true;
    } else if (fs::is_directory(arg)) {
      for (const auto& entry : fs::recursive_directory_iterator(arg)) {
        if (entry.is_regular_file()) inputs.emplace_back(entry.path(), reach_backend);
      }
    } else {
      inputs.emplace_back(arg, reach_backend);
    }
  }
  if (inputs.empty()) {
    std::fprintf(stderr, "replay: no inputs\n");
    return 2;
  }
  std::sort(inputs.begin(), inputs.end());
  if (LLVMFuzzerInitialize) LLVMFuzzerInitialize(&argc, &argv);
  int failures = 0;
  for (const auto& [path, must_reach] : inputs) {
    std::ifstream in(path, std::ios::binary);
    std::string data((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    std::size_t before = gpuspec::fuzz::backend_runs();
    LLVMFuzzerTestOneInput(reinterpret_cast<const std::uint8_t*>(data.data()), data.size());
    bool reached = gpuspec::fuzz::backend_runs() > before;
    std::printf("%s %s\n", reached ? "backend" : "gate   ", path.c_str());
    if (must_reach && !reached) {
      std::fprintf(stderr, "replay: %s does not reach the target's backends\n", path.c_str());
      ++failures;
    }
  }
  std::printf("replay: %zu inputs, %zu reached the backends\n", inputs.size(), gpuspec::fuzz::backend_runs());
  return failures == 0 ? 0 : 1;
}
