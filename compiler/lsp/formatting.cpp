#include "lsp/formatting.h"

#include <fmt/format.h>

#include "format/formatter.h"
#include "source/confinement.h"

namespace gpuspec::lsp {

Json format_document(const TextDocument& document, const std::string& path) {
  // The CLI's size cap: formatting parses the whole text.
  if (auto too_large = over_size_cap(document.text().size())) {
    throw LspError(error_code::kRequestFailed, fmt::format("not formatted: the document {}", *too_large));
  }
  SourceManager sources;
  DiagnosticEngine diags;
  auto formatted = format::format_source(sources.add(path, document.text()), diags);
  if (!formatted) {
    std::string why = diags.diagnostics().empty() ? "it could not be formatted" : diags.diagnostics().front().message;
    throw LspError(error_code::kRequestFailed, fmt::format("not formatted: {}", why));
  }
  if (*formatted == document.text()) return Json::array();
  Position end = document.position_of(static_cast<std::uint32_t>(document.text().size()));
  return Json::array({{{"range", range_json({0, 0}, end)}, {"newText", *formatted}}});
}

}  // namespace gpuspec::lsp
