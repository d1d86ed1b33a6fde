// Semantic checks of declarations against their kind's schema: unknown kinds and
// properties (with the nearest known name), duplicates, missing required properties,
// value types, units and their dimensions, symbols, references and multiplicities.
#pragma once

#include "diag/diagnostic.h"
#include "sema/check_memo.h"
#include "sema/program.h"

namespace gpuspec::sema {

// Checks every declaration in the program's own files (not the library). With a `memo`,
// a declaration it knows to be clean is not checked again (the same diagnostics: none).
void check_program(const Program& program, DiagnosticEngine& diags, CheckMemo* memo = nullptr);

// Checks the library's declarations (a build-time test runs this on the stdlib).
void check_library(const Library& library, DiagnosticEngine& diags);

}  // namespace gpuspec::sema
