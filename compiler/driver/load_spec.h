// The front half of every command that reads specs (check, bom, quote, facts, suggest,
// terraform, test): load a root file with its imports, type-check it, and build the
// price book its cost facts are priced from. Written once here so the commands cannot
// drift apart (issue 12: it was written four times).
#pragma once

#include <optional>
#include <set>
#include <string>
#include <vector>

#include "backends/cost/price_book.h"
#include "diag/diagnostic.h"
#include "driver/session.h"
#include "sema/check_memo.h"
#include "sema/loader.h"
#include "sema/program.h"
#include "source/confinement.h"

namespace gpuspec::driver {

struct LoadedSpec {
  sema::Program program;
  bool clean = false;  // loading and checking it reported no error
  // The program's own declarations an error broke, and those that refer to them: not
  // linted (sema/broken_declarations.h). The rest is, whatever errors the file has.
  std::set<const ast::Declaration*> broken;
};

// Loads `path` and its imports and type-checks them; problems go to `diags`. nullopt
// when the root file cannot be read (`io_error` is then the whole message: "cannot
// read 'x.gpuspec': Permission denied").
std::optional<LoadedSpec> load_spec(Session& session, const std::string& path, DiagnosticEngine& diags,
                                    std::string* io_error);

// The same for a root file whose text is given (an editor's buffer; imports are read
// from disk, inside `root`: by default the file's project root).
// `parse_root`: see sema::load_program_text; `check_memo`: see sema::check_program.
LoadedSpec load_spec_text(Session& session, const std::string& path, std::string text, DiagnosticEngine& diags,
                          const std::optional<ProjectRoot>& root = std::nullopt,
                          const sema::ParseRoot& parse_root = {}, sema::CheckMemo* check_memo = nullptr);

// The price book of `programs`: the stdlib's entries, each program's own files and the
// --prices files `price_paths` (loaded and checked once per session; their diagnostics
// go to `diags` on every call, as if loaded again). nullopt when a price file cannot be
// read (`error` says which).
std::optional<cost::PriceBook> spec_price_book(Session& session, const std::vector<const sema::Program*>& programs,
                                               const std::vector<std::string>& price_paths, DiagnosticEngine& diags,
                                               std::string& error);

}  // namespace gpuspec::driver
