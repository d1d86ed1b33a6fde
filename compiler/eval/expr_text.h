// Prints an expression back as policy source text, for power-assertion traces
// ("2 * gpu.vram_total") and diagnostics. Parentheses appear where the author wrote them.
#pragma once

#include <string>

#include "ast/ast.h"

namespace gpuspec::eval {

std::string expr_text(const ast::Expr& expr);
// "8", "2.5", "0.001": at most 12 significant digits, no trailing zeros.
std::string number_text(double value);

}  // namespace gpuspec::eval
