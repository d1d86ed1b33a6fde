// libFuzzer target: one input is one .gpuspec file, run through everything
// `gpuspec check` does after reading it: parse, index, sema check, facts, cost
// facts, the whole policy pack, and both renderers (text, and JSON as the streaming
// `check --format json` writes it). Any crash, sanitizer report,
// uncaught exception, stack overflow or timeout is a bug: hostile input must only ever
// produce diagnostics. emit_fuzzer.cpp goes on to the backends.
#include <cstddef>
#include <cstdint>
#include <string>

#include "diag/diagnostic_counts.h"
#include "diag/render_json.h"
#include "diag/render_text.h"
#include "fuzz_fixture.h"

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  gpuspec::fuzz::fixture();
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  gpuspec::fuzz::Input input(data, size);
  auto& diags = input.diags;
  // Clean programs go on through facts, cost facts and every policy of the pack,
  // as `gpuspec check` does.
  if (!diags.has_errors()) input.lint();
  const gpuspec::SourceManager& sources = input.rendering_sources();
  diags.sort(sources);

  gpuspec::TextRenderOptions options;
  std::string text = gpuspec::render_text(diags.diagnostics(), sources, options);
  text += gpuspec::render_summary(gpuspec::count_diagnostics(diags.diagnostics()));
  // JSON as `gpuspec check --format json` writes it (driver/check_stream.cpp), one
  // diagnostic at a time. The DOM renderer built here before was a quarter of the target's
  // time in allocations; unit tests compare the two writers byte for byte.
  std::string json;
  for (const auto& d : diags.diagnostics()) gpuspec::append_diagnostic_json(json, d, sources, 4);
  // Every diagnostic must point into a known file and inside its text.
  for (const auto& d : diags.diagnostics()) {
    if (!d.range.valid()) continue;
    if (d.range.file >= sources.size()) __builtin_trap();
    const auto& f = sources.file(d.range.file);
    if (d.range.begin > d.range.end || d.range.end > f.text().size()) __builtin_trap();
  }
  // Text output never carries a raw control character from the input (only its own
  // line breaks): a spec must not be able to write into a terminal or a CI log.
  for (char c : text) {
    auto byte = static_cast<unsigned char>(c);
    if ((byte < 0x20 && byte != '\n') || byte == 0x7f) __builtin_trap();
  }
  return 0;
}
