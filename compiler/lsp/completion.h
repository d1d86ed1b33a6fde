// textDocument/completion: declaration kinds at the top level, property names of
// the declaration kind (and nested block) around the cursor, enum values of the
// property being set, names of the declarations of the kinds it references
// (catalog parts, instances, the document's workloads), and rule ids after `waive`.
#pragma once

#include <cstdint>
#include <string_view>

#include "lsp/compiler_adapter.h"
#include "lsp/protocol.h"
#include "lsp/text_document.h"

namespace gpuspec::lsp {

// A CompletionList for the cursor at byte `offset` of `document`. `analysis` may be
// of an earlier version of the text: only its names are read, never its positions.
Json completion(const Analysis& analysis, const TextDocument& document, std::uint32_t offset);

}  // namespace gpuspec::lsp
