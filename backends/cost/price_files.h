// Building a PriceBook for a command or for the lint engine: the stdlib's entries, the
// spec program's own, and user price-book files (`--prices FILE`, repeatable), each
// loaded and checked like any spec through sema::load_program / check_program.
#pragma once

#include <string>
#include <vector>

#include "backends/cost/price_book.h"
#include "diag/diagnostic.h"
#include "sema/program.h"
#include "source/source.h"

namespace gpuspec::cost {

// Loads and checks each file; its problems go to `diags`. Returns false (with `error`
// naming the file) when one cannot be read at all. Keep `out` alive while the
// diagnostics are rendered (they point into its sources).
bool load_price_files(const std::vector<std::string>& paths, const sema::Library& library, SourceManager& sources,
                      DiagnosticEngine& diags, std::vector<sema::Program>& out, std::string& error);

// The stdlib + `program`'s files + the price files, later files overriding earlier ones
// for the same item and region only through the user-over-stdlib and newest-as_of rules.
PriceBook build_price_book(const sema::Program& program, const std::vector<sema::Program>& price_files = {});
// The same over several spec programs (a project-wide quote): the library once, each
// program's own files as user entries.
PriceBook build_price_book(const std::vector<const sema::Program*>& programs, const sema::Library& library,
                           const std::vector<sema::Program>& price_files);

}  // namespace gpuspec::cost
