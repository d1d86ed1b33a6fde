// libFuzzer target: one input is one .gpuspec file holding a workload, run through
// `gpuspec suggest FILE --format F` in-process (the command as the binary runs it:
// check, the catalog search with the policy pack judging every candidate, the ranking
// and the report). The format is the input's size modulo 4 (text, json, html,
// gpuspec), so mutations reach every report. The file is written to a scratch folder
// of the process, since suggest judges its candidates as files importing it.
//
// Besides crashes, sanitizer reports and uncaught exceptions, traps when a report
// carries a raw control character, when the JSON report does not parse, when the HTML
// report holds a script, or when the suggested .gpuspec file does not check clean
// (what `suggest --format gpuspec` writes must be a valid spec).
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <system_error>
#include <vector>

#include "driver/commands.h"
#include "fuzz_checks.h"
#include "fuzz_gate.h"

namespace {

namespace fs = std::filesystem;

fs::path scratch() {
  static const fs::path dir = fs::temp_directory_path() / ("gpuspec-suggest-fuzz-" + std::to_string(::getpid()));
  return dir;
}

// Runs `command` with std::cout and std::cerr captured; returns what went to stdout.
template <typename Command>
std::string captured(Command command, int& status) {
  std::ostringstream out, err;
  auto* old_out = std::cout.rdbuf(out.rdbuf());
  auto* old_err = std::cerr.rdbuf(err.rdbuf());
  status = command();
  std::cout.rdbuf(old_out);
  std::cerr.rdbuf(old_err);
  return out.str();
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  fs::create_directories(scratch());
  // Removed when the process exits (libFuzzer's -runs and the corpus replay both exit
  // normally), so runs do not leave folders behind in the temp directory. The path
  // was made before this registration, so it is still alive when the handler runs.
  std::atexit([] {
    std::error_code ignored;
    fs::remove_all(scratch(), ignored);
  });
  // The project root for the candidates' imports: the scratch folder, not /tmp.
  std::ofstream(scratch() / "gpuspec.json") << "{}\n";
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const char* const kFormats[] = {"text", "json", "html", "gpuspec"};
  const std::string format = kFormats[size % 4];
  const fs::path spec = scratch() / "workload.gpuspec";
  {
    std::ofstream file(spec, std::ios::binary | std::ios::trunc);
    file.write(reinterpret_cast<const char*>(data), static_cast<std::streamsize>(size));
  }
  int status = 0;
  std::string out = captured(
      [&] { return gpuspec::driver::run_suggest({spec.string(), "--format", format, "--top", "3"}); }, status);
  if (out.empty()) return 0;  // the file did not check, or named no single workload
  ++gpuspec::fuzz::backend_runs();
  gpuspec::fuzz::require_printable(out);
  if (format == "json") gpuspec::fuzz::require_json(out);
  if (format == "html") gpuspec::fuzz::require_no_script(out);
  if (format == "gpuspec") {
    // The suggestion, checked as a file next to the workload it imports.
    const fs::path suggested = scratch() / "suggested.gpuspec";
    std::ofstream(suggested, std::ios::binary | std::ios::trunc) << out;
    int check_status = 0;
    captured([&] { return gpuspec::driver::run_check({suggested.string()}); }, check_status);
    if (check_status != 0) __builtin_trap();
  }
  return 0;
}
