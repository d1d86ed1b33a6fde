// textDocument/hover, as Markdown: the resolved facts a property or declaration
// produces with their origin (what `gpuspec facts` prints), a catalog entry's
// datasheet values, the schema's doc for a key, and `gpuspec explain` for a rule id.
#pragma once

#include <cstdint>

#include "lsp/compiler_adapter.h"
#include "lsp/locations.h"
#include "lsp/protocol.h"

namespace gpuspec::lsp {

// The Hover result, or null when there is nothing to say at `offset`.
Json hover(const Analysis& analysis, Locator& locator, std::uint32_t offset);

}  // namespace gpuspec::lsp
