// The catalog `gpuspec prices import` may price: every instance, volume, service and
// part of the stdlib (or --stdlib), plus the declarations of each --catalog file — a
// team's own parts and instances, which its vendor quotes name.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "backends/prices_import/import_types.h"
#include "diag/diagnostic.h"
#include "driver/session.h"

namespace gpuspec::driver {

// nullopt when a --catalog file cannot be read (`error`) or does not check (its
// diagnostics are in `diags`).
std::optional<prices_import::Catalog> import_catalog(Session& session, const std::vector<std::string>& files,
                                                     DiagnosticEngine& diags, std::string& error);

}  // namespace gpuspec::driver
