// What to say about a quantity whose unit is unknown, and the fix-it when one is
// certain. A unit fix-it never changes the dimension or the scale of what was
// written: `4k` becomes `4K` only where a count is wanted, `Gb/s` becomes `Gbps`
// (both gigabits per second), `kw` becomes `kW`; `Gb` is never turned into `GB`,
// which is eight times as much.
#pragma once

#include <optional>

#include "ast/ast.h"
#include "diag/diagnostic.h"
#include "units/quantity.h"

namespace gpuspec::sema {

struct UnitContext {
  std::optional<units::Dimension> expected;  // the dimension the property wants, when known
  bool count_expected = false;               // the property takes a count (`7B`, `4K`)
};

// Adds the hint and, when certain, the fix-it to `diagnostic` (an unknown-unit error
// at the unit of `lit`, whose whole literal is `range`).
void explain_unknown_unit(Diagnostic& diagnostic, const ast::QuantityLit& lit, SourceRange range, const UnitContext& context);

}  // namespace gpuspec::sema
