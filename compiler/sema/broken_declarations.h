// Which of a program's own declarations cannot be linted: their facts would be partial,
// and a finding about a value that failed to parse or check would mislead. Like clang
// and rustc, the rest of the file is still checked and linted.
#pragma once

#include <cstddef>
#include <set>
#include <vector>

#include "ast/ast.h"
#include "diag/diagnostic.h"
#include "sema/program.h"

namespace gpuspec::sema {

// The user declarations that a syntax error broke (ast::Declaration::recovered), that an
// error among `diagnostics[from..]` points into or names, and every user declaration that
// refers to one of those by name (a server that `serves` a broken workload reads its
// facts), transitively.
std::set<const ast::Declaration*> broken_declarations(const Program& program, const std::vector<Diagnostic>& diagnostics,
                                                      std::size_t from);

}  // namespace gpuspec::sema
