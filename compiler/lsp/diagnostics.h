// Diagnostics and quick fixes. The document's diagnostics are published with the
// same ids (as `code`), ranges, notes (relatedInformation) and help text as
// `gpuspec check`; waived findings stay hidden, as in check's text output.
#pragma once

#include "lsp/compiler_adapter.h"
#include "lsp/locations.h"
#include "lsp/protocol.h"

namespace gpuspec::lsp {

// The value of textDocument/publishDiagnostics' "diagnostics" for the document.
Json document_diagnostics(const Analysis& analysis, Locator& locator);

// Code actions for the diagnostics overlapping [begin, end] (byte offsets): each
// diagnostic's fix-its as one edit, and "waive RULE with a reason…" for findings
// of a rule, inserting a waiver with an empty reason for the user to fill in (the
// checker refuses an empty one, so it cannot be forgotten).
Json code_actions(const Analysis& analysis, Locator& locator, const std::string& uri, std::uint32_t begin,
                  std::uint32_t end);

}  // namespace gpuspec::lsp
