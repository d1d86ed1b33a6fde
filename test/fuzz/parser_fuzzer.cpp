// libFuzzer target: the hand-written parser (compiler/syntax/fast_parser.h) against the
// ANTLR parser, which stays in the build as the reference. One input is one file's
// text; parse_file (the hand-written parser for clean input, ANTLR for the rest) and
// parse_file_with_antlr must return the same tree, node for node and range for range,
// and the same diagnostics, or the target traps. fast_parser_test.cpp checks the same on
// the committed files and on generated programs; this explores what coverage leads to.
#include <cstddef>
#include <cstdint>
#include <string>

#include "syntax/parse_outcome.h"
#include "syntax/parser.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  gpuspec::SourceManager sources;
  const gpuspec::SourceFile& source =
      sources.add("fuzz.gpuspec", std::string(reinterpret_cast<const char*>(data), size));
  gpuspec::DiagnosticEngine fast_diags;
  gpuspec::DiagnosticEngine reference_diags;
  gpuspec::ast::File fast = gpuspec::syntax::parse_file(source, fast_diags);
  gpuspec::ast::File reference = gpuspec::syntax::parse_file_with_antlr(source, reference_diags);
  if (!(gpuspec::syntax::outcome_of(sources, fast, fast_diags) ==
        gpuspec::syntax::outcome_of(sources, reference, reference_diags))) {
    __builtin_trap();
  }
  return 0;
}
