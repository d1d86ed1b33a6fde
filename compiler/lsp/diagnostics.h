// Diagnostics and quick fixes. The document's diagnostics are published with the
// same ids (as `code`), ranges, notes (relatedInformation) and help text as
// `gpuspec check`; waived findings stay hidden, as in check's text output.
#pragma once

#include <string>
#include <unordered_map>
#include <vector>

#include "lsp/compiler_adapter.h"
#include "lsp/locations.h"
#include "lsp/protocol.h"

namespace gpuspec::lsp {

// The value of textDocument/publishDiagnostics' "diagnostics" for the document.
Json document_diagnostics(const Analysis& analysis, Locator& locator);

// The same value as JSON text, as dump_json(document_diagnostics(...), -1) writes it,
// for one document published again and again. Each element's text is kept from one
// publish to the next under everything it is made of (id, severity, message, help, and
// the characters, URIs and lines of its range and notes, the document's lines relative
// to its first), cut around its line numbers, so the findings an edit did not change are
// neither built nor written again, even when lines were inserted above them: at 1,000
// findings, building and writing the JSON was more than half of an edit's time (issue 28,
// test/bench/README.md).
class PublishedDiagnostics {
 public:
  std::string json_text(const Analysis& analysis, Locator& locator) {
    std::string out;
    append_json_text(analysis, locator, out);
    return out;
  }
  // The same text appended to `out` (the publish writes it into its message in place:
  // copying 668 KB into the envelope was 0.65 M instructions per edit).
  void append_json_text(const Analysis& analysis, Locator& locator, std::string& out);

 private:
  // This publish's texts, and the last one's (what is not used again is dropped).
  // Each element's text, cut around its line numbers.
  std::unordered_map<std::string, std::vector<std::string>> current_, previous_;
  std::size_t last_size_ = 0;  // of the last text
};

// Code actions for the diagnostics overlapping [begin, end] (byte offsets): each
// diagnostic's fix-its as one edit, and "waive RULE with a reason…" for findings
// of a rule, inserting a waiver with an empty reason for the user to fill in (the
// checker refuses an empty one, so it cannot be forgotten).
Json code_actions(const Analysis& analysis, Locator& locator, const std::string& uri, std::uint32_t begin,
                  std::uint32_t end);

}  // namespace gpuspec::lsp
