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
#include "lsp/text_document.h"

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
  // `unchanged`: how much of the document's text is as it was at the last publish (null:
  // nothing is known to be; then no finding's text is copied from the last one).
  std::string json_text(const Analysis& analysis, Locator& locator, const Unchanged* unchanged = nullptr) {
    std::string out;
    append_json_text(analysis, locator, out, unchanged);
    keep(std::string(out));
    return out;
  }
  // The same text appended to `out` (the publish writes it into its message in place:
  // copying 668 KB into the envelope was 0.65 M instructions per edit). Then keep(out).
  void append_json_text(const Analysis& analysis, Locator& locator, std::string& out,
                        const Unchanged* unchanged = nullptr);
  // The text the last append_json_text appended to, once written: the next publish
  // copies its findings' texts from it. (Kept, not copied: a copy was 0.8 M.)
  void keep(std::string message);
  // An empty string with the room of the message before the last, to append the next into.
  std::string spare() {
    std::string out = std::move(spare_);
    out.clear();
    return out;
  }

  // Which path each element of the last text took (for tests).
  struct Counts {
    std::size_t reused = 0;  // a kept finding's element copied from the text before
    std::size_t made = 0;    // made from the finding's texts (the keyed pieces, or new)
  };
  const Counts& counts() const { return counts_; }

 private:
  // A position of a range in the last text: of the document (kNoFile: where its line's
  // digits are, to be written again when lines moved) or of another file.
  struct Point {
    FileId file = kNoFile;
    std::uint32_t offset = 0;  // in its file
    std::uint32_t line = 0;
    std::uint32_t at = 0;      // of the line's digits, in the last text
    std::uint32_t digits = 0;
  };
  // An element of the last text made from a finding the lint memo kept
  // (LentFindings::Slot::kept): the same kept finding has the same texts, so its element
  // is the same again but for its lines, if each of its positions is one the edit moved
  // as a whole (EditMap in diagnostics.cpp): then it is copied, not made (issue 28: the
  // keys and appends of 800 elements were half of an edit).
  struct EditMap;  // how the document's text changed since the last publish
  struct Element {
    std::uint64_t kept = 0;
    std::uint32_t from = 0, to = 0;        // in the last text
    std::uint32_t points = 0, points_end = 0;  // in points_
  };
  // Appends the last text's element of `kept` for `d`, if there is one and the edit
  // moved each of its positions as a whole.
  bool reuse(const Analysis& analysis, const Diagnostic& d, std::uint64_t kept, Locator& locator,
             const EditMap& edit, std::string& out, std::size_t start);

  // The last publish's message (its diagnostics' text from last_start_ on) and the
  // document's newlines then; `appended`: append_json_text ran and keep() is due.
  std::string last_message_, spare_;
  std::size_t last_start_ = 0;
  std::uint32_t last_size_of_document_ = 0, last_newlines_ = 0;
  bool appended_ = false;
  std::vector<Element> elements_, next_elements_;
  std::vector<Point> points_, next_points_;
  std::size_t cursor_ = 0;  // in elements_: the next one expected (they stay in order)
  std::vector<std::uint64_t> kept_;  // each diagnostic's kept identity (scratch)
  Counts counts_;

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
