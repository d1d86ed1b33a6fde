// The parse wrapper: text in, our AST out. This folder is the only code that sees
// ANTLR; nothing here throws, and every problem becomes a diagnostic.
#pragma once

#include "ast/ast.h"
#include "diag/diagnostic.h"
#include "source/source.h"

namespace gpuspec::syntax {

// Limits that keep hostile input from exhausting the stack or flooding the output.
inline constexpr int kMaxNesting = 200;        // brackets, parentheses and blocks
inline constexpr int kMaxSyntaxErrors = 20;    // per file, then parsing stops

// Parses one file. Syntax errors are reported to `diags` with id "syntax" (or a more
// precise id such as "unterminated-string", "invalid-escape", "invalid-utf8",
// "binary-file", "nesting-too-deep"); the returned AST holds what could be built.
ast::File parse_file(const SourceFile& source, DiagnosticEngine& diags);

}  // namespace gpuspec::syntax
