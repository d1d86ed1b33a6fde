// The order DiagnosticEngine::sort puts diagnostics in, for a caller that keeps
// something beside each diagnostic and must move it along (the language server's
// findings lent to an analysis, lsp/lint_memo.h).
#pragma once

#include <cstdint>
#include <vector>

#include "diag/diagnostic.h"

namespace gpuspec {

// The indices of `diagnostics` in sorted order: the k-th sorted one is diagnostics[result[k]].
std::vector<std::uint32_t> sorted_order(const std::vector<Diagnostic>& diagnostics, const SourceManager& sources);

// `order` is the identity: sorting moves nothing.
bool in_order(const std::vector<std::uint32_t>& order);

}  // namespace gpuspec
