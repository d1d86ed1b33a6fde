#include "backends/cost/missing_price.h"

#include <fmt/format.h>

namespace gpuspec::cost {

void MissingPrices::report(const std::string& item, SourceRange at, const std::string& use, std::string message,
                           std::string hint) {
  if (auto it = reported_.find(item); it != reported_.end()) {
    diags_.diagnostics()[it->second].notes.push_back({fmt::format("'{}' is also used here ({})", item, use), at});
    return;
  }
  // A warning: the totals become lower bounds ("at least"), which is an answer;
  // `--require-prices` (or fail-on warning) makes it fail the run.
  auto& d = diags_.report("missing-price", Severity::Warning, at, std::move(message));
  d.declaration = decl_.name;
  d.hint = std::move(hint);
  reported_[item] = diags_.diagnostics().size() - 1;
}

}  // namespace gpuspec::cost
