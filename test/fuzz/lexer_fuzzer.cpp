// libFuzzer target: the hand-written lexer (compiler/syntax/fast_lexer.h) against the
// ANTLR-generated lexer it replaced, which stays in the build as the reference. One
// input is one file's UTF-8 text; both lexers must produce the same tokens, field by
// field (type, channel, start/stop index, line, column, text, token index), or the
// target traps. fast_lexer_test.cpp checks the same on the committed files and on
// generated strings; this explores the inputs coverage leads to. A narrow target is
// also a fast one: libFuzzer's bookkeeping grows with the code an input runs through.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "GpuSpecLexer.h"
#include "source/utf8.h"
#include "syntax/fast_lexer.h"
#include "syntax/token_fields.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string_view text(reinterpret_cast<const char*>(data), size);
  // The parser only ever lexes valid UTF-8 without NUL bytes (parse_file rejects the rest
  // with a diagnostic first), so the lexers are only compared on such text.
  if (gpuspec::utf8::first_invalid(text) || text.find('\0') != std::string_view::npos) return -1;
  gpuspec::syntax::Utf32Input reference_input(text);
  gpuspec_antlr::GpuSpecLexer reference(&reference_input);
  reference.removeErrorListeners();
  gpuspec::syntax::Utf32Input fast_input(text);
  gpuspec::syntax::FastLexer fast(fast_input);
  if (gpuspec::syntax::lex_with(reference) != gpuspec::syntax::lex_with(fast)) __builtin_trap();
  return 0;
}
