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
// The hand-written parser reads clean input (syntax/fast_parser.h); ANTLR parses the
// rest and reports every syntax error. `parsed_by`, when given, says which made the tree
// (Antlr also when the text was rejected before parsing), so tests can tell.
enum class ParsedBy { Snapshot, HandWrittenParser, Antlr };
ast::File parse_file(const SourceFile& source, DiagnosticEngine& diags, ParsedBy* parsed_by = nullptr);

// As parse_file, but a tree read from the build's snapshot keeps its declarations'
// bodies serialized until each is first used (ast::DeferredBody): for the embedded
// library, whose trees and snapshot live as long as the process.
ast::File parse_library_file(const SourceFile& source, DiagnosticEngine& diags);

// The same through the ANTLR parser alone, and never from the build-time snapshot: the
// reference fast_parser_test and the parser fuzzer compare parse_file with.
ast::File parse_file_with_antlr(const SourceFile& source, DiagnosticEngine& diags);

}  // namespace gpuspec::syntax
