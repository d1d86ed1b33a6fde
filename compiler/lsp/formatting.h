// textDocument/formatting: the document in `gpuspec fmt`'s canonical layout, as one
// edit that replaces the whole text (or none when it is already formatted).
#pragma once

#include <string>

#include "lsp/protocol.h"
#include "lsp/text_document.h"

namespace gpuspec::lsp {

// Throws LspError (RequestFailed) when the text has syntax errors: like `gpuspec fmt`,
// the server never reformats a file it cannot prove it understood.
Json format_document(const TextDocument& document, const std::string& path);

}  // namespace gpuspec::lsp
