// The static type-check of policy expressions, run when a policy loads, against a
// fact schema. Reports, each at the exact range of the offending sub-expression:
//   unknown-fact     a name that is neither a fact nor a symbol in a symbol position
//                    (with "did you mean")
//   unit-mismatch    `memory.total >= 2 * gpu.board_power`, `gpu.vram + cpu.tdp`
//   unknown-symbol   `workload.precision == fp9` (with the allowed list)
//   type-mismatch    a non-boolean `require`/`when`, `not` of a number, ordering of
//                    symbols, a call with the wrong arguments, a string compared with a symbol
//   unknown-unit     a quantity literal with a unit the unit table lacks
//   unknown-function a call of anything but min max ceil floor sum count
// One mistake is reported once: a sub-expression that failed is not reported again
// by the expressions around it.
#pragma once

#include <string_view>

#include "ast/ast.h"
#include "diag/diagnostic.h"
#include "eval/fact_schema.h"

namespace gpuspec::eval {

// The static type of an expression; kind Any when it could not be determined
// (after an error, or for facts of several shapes).
struct StaticType {
  FactType type;
  bool error = false;  // a diagnostic was already reported inside
};

StaticType check_expression(const ast::Expr& expr, const FactSchema& schema, DiagnosticEngine& diags);

// Checks `expr` and that it is a condition; `role` is "require" or "when". Returns
// whether no diagnostic was reported.
bool check_condition(const ast::Expr& expr, std::string_view role, const FactSchema& schema, DiagnosticEngine& diags);

}  // namespace gpuspec::eval
