// `gpuspec fmt`: the one canonical layout of a .gpuspec file, printed from our AST
// and its comments (never from the ANTLR tree), in the manner of `terraform fmt`:
//
// - two spaces per level; `{` on the line of its key, `}` on a line of its own;
// - a body, list or call written on one line stays on one line (`{ a = 1; b = 2 }`);
// - the `=` of consecutive one-line properties are aligned, as terraform fmt aligns
//   them: a blank line, a comment line, a block or a waiver ends the run;
// - trailing comments of consecutive lines are aligned one space after the longest;
// - blank lines between items are kept, at most one; none after `{` or before `}`;
// - `80GB` becomes `80 GB`, `4x ref` becomes `4 x ref`, `60 %` becomes `60%`;
//   numbers and strings keep their spelling (`1e3`, escapes, triple quotes);
// - every comment stays where it was, relative to the items around it.
#pragma once

#include <optional>
#include <string>

#include "ast/ast.h"
#include "diag/diagnostic.h"
#include "source/source.h"

namespace gpuspec::format {

// The canonical text of `file`, parsed from `source` without syntax errors.
std::string format_ast(const ast::File& file, const SourceFile& source);

// Parses `source`, formats it, and parses the result again to prove it has the same
// tree and the same comments. nullopt when the file has syntax errors (reported to
// `diags`) or, a bug, when the layout would change the file's meaning (reported as
// `internal-error`, and the file must be left as it is).
std::optional<std::string> format_source(const SourceFile& source, DiagnosticEngine& diags);

}  // namespace gpuspec::format
