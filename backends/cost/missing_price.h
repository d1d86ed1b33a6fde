// `missing-price` warnings, one per unpriced item of a declaration: a part used on two
// lines (a drive model for data and checkpoint), or a volume type used for the system
// and the data disk, is one warning with a note at each further use. The figures that
// need the price become lower bounds; `--require-prices` turns these into errors.
#pragma once

#include <map>
#include <string>

#include "ast/ast.h"
#include "diag/diagnostic.h"

namespace gpuspec::cost {

class MissingPrices {
 public:
  MissingPrices(DiagnosticEngine& diags, const ast::Declaration& decl) : diags_(diags), decl_(decl) {}

  // Reports `item` at `at` the first time; later, adds "'item' is also used here (use)".
  void report(const std::string& item, SourceRange at, const std::string& use, std::string message, std::string hint);

 private:
  DiagnosticEngine& diags_;
  const ast::Declaration& decl_;
  std::map<std::string, std::size_t> reported_;  // item -> index of its diagnostic
};

// The hint for a missing exchange rate.
inline constexpr const char* kMissingRateHint =
    "add an `exchange_rate` entry (with `source` and `as_of`) and pass it with --prices FILE, or give --rate FROM/TO=RATE";

}  // namespace gpuspec::cost
