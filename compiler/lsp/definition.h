// textDocument/definition: a reference to its declaration (in the document, an
// import, or the stdlib's materialised copy), an import to its file, a waived
// rule id to its policy.
#pragma once

#include <cstdint>

#include "lsp/compiler_adapter.h"
#include "lsp/locations.h"
#include "lsp/protocol.h"

namespace gpuspec::lsp {

// A Location, or null when nothing at `offset` has a definition.
Json definition(const Analysis& analysis, Locator& locator, std::uint32_t offset);

}  // namespace gpuspec::lsp
