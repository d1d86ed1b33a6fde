// Everything a parse returns, as one comparable value: the tree (every node, value and
// range, through serialize_ast, plus the readable dump_ast) and every diagnostic with its
// ranges, hint, notes and fix-its. fast_parser_test and the parser_fuzzer target compare
// the hand-written parser's outcome with ANTLR's through it.
#pragma once

#include <string>

#include "ast/ast.h"
#include "diag/diagnostic.h"
#include "source/source.h"
#include "syntax/ast_dump.h"
#include "syntax/ast_snapshot.h"

namespace gpuspec::syntax {

struct ParseOutcome {
  std::string tree;
  std::string diagnostics;
  bool operator==(const ParseOutcome&) const = default;
};

inline ParseOutcome outcome_of(const SourceManager& sources, const ast::File& file, const DiagnosticEngine& diags) {
  auto at = [&](SourceRange r) {
    if (!r.valid()) return std::string("?");
    auto start = sources.start_of(r);
    return std::to_string(r.begin) + ".." + std::to_string(r.end) + "@" + std::to_string(start.line) + ":" +
           std::to_string(start.column);
  };
  ParseOutcome out;
  auto bytes = serialize_ast(file);
  out.tree = (bytes ? *bytes : std::string("<unserialisable>")) + "\n" + dump_ast(file, sources);
  for (const auto& d : diags.diagnostics()) {
    out.diagnostics += d.id + " " + at(d.range) + " " + d.message + " | " + d.hint.value_or("-");
    for (const auto& n : d.notes) out.diagnostics += " | note " + at(n.range) + " " + n.message;
    for (const auto& f : d.fixits) out.diagnostics += " | fixit " + at(f.range) + " '" + f.replacement + "'";
    out.diagnostics += "\n";
  }
  return out;
}

}  // namespace gpuspec::syntax
