// Mistakes a newcomer makes with the punctuation of other languages, repaired in the
// token stream before parsing so that the parser sees what was meant and reports
// nothing more: `stage: production` (YAML) and `4× part` (typography). Each repair
// is an error with a fix-it, so the file still fails until it is fixed.
#pragma once

#include <vector>

#include "antlr4-runtime.h"
#include "diag/diagnostic.h"
#include "syntax/source_offsets.h"

namespace gpuspec::syntax {

// Rewrites the stray `:` after a key into `=` and a stray `×` into `x`, reporting
// each. `tokens` is the whole filled stream, hidden tokens included.
void repair_foreign_punctuation(const std::vector<antlr4::Token*>& tokens, const CodePointOffsets& offsets,
                                DiagnosticEngine& diags);

// The `{` left open at the end of the file, innermost first; null when every
// brace is closed.
antlr4::Token* innermost_unclosed_brace(const std::vector<antlr4::Token*>& tokens);

}  // namespace gpuspec::syntax
