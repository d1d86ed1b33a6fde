// What a `price` entry must say beyond its property types (docs/cost.md, "Price kinds"):
// an "undated" source is unverified, an estimate states its method, and `includes` (the
// parts a system price covers) belongs to the price of a system — a chassis, barebone
// or DGX. Reported at the property, on the stdlib and on users' price books alike.
#pragma once

#include "ast/ast.h"
#include "diag/diagnostic.h"
#include "sema/program.h"

namespace gpuspec::sema {

// Checks one `price` declaration whose properties passed their type checks.
void check_price(const Program& program, const ast::Declaration& price, DiagnosticEngine& diags);

}  // namespace gpuspec::sema
