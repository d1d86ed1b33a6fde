// The catalog `gpuspec prices import` may price: every instance, volume, service and
// part of the stdlib (or --stdlib), plus the declarations of each --catalog file — a
// team's own parts and instances, which its vendor quotes name.
#pragma once

#include <vector>

#include "ast/ast.h"
#include "backends/prices_import/import_types.h"

namespace gpuspec::prices_import {

// The items of `declarations` a price may name (facts::priced_kinds), in order; of two
// declarations of one name the first is kept, so the --catalog files' declarations go
// before the stdlib's.
Catalog import_catalog(const std::vector<const ast::Declaration*>& declarations);

}  // namespace gpuspec::prices_import
