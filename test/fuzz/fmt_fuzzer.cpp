// libFuzzer target: one input is one .gpuspec file, formatted as `gpuspec fmt` does
// (format::format_source, which parses the result again and refuses a layout that
// changes the tree or loses a comment). Traps when the formatter reports that refusal
// (`internal-error`: a layout bug), when its output is not a fixed point (formatting
// it again changes it: `fmt --check` would fail on its own output) or carries a raw
// control character the input did not have.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "diag/diagnostic.h"
#include "format/formatter.h"
#include "fuzz_gate.h"
#include "source/source.h"

namespace {

bool reports_internal_error(const gpuspec::DiagnosticEngine& diags) {
  for (const auto& d : diags.diagnostics()) {
    if (d.id == "internal-error") return true;
  }
  return false;
}

bool has_control(std::string_view text) {
  for (char c : text) {
    auto byte = static_cast<unsigned char>(c);
    if ((byte < 0x20 && byte != '\n' && byte != '\t' && byte != '\r') || byte == 0x7f) return true;
  }
  return false;
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) { return 0; }

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string text(reinterpret_cast<const char*>(data), size);
  gpuspec::SourceManager sources;
  gpuspec::DiagnosticEngine diags;
  auto formatted = gpuspec::format::format_source(sources.add("fuzz.gpuspec", text), diags);
  if (reports_internal_error(diags)) __builtin_trap();
  if (!formatted) return 0;  // a syntax error: fmt reports it and leaves the file alone
  ++gpuspec::fuzz::backend_runs();
  if (has_control(*formatted) && !has_control(text)) __builtin_trap();
  gpuspec::DiagnosticEngine again_diags;
  auto again = gpuspec::format::format_source(sources.add("fuzz-formatted.gpuspec", *formatted), again_diags);
  if (!again || *again != *formatted) __builtin_trap();
  return 0;
}
