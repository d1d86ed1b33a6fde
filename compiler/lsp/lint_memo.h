// The language server's lint, one declaration at a time, keeping each declaration's
// findings for the next analysis of the same document (issue 28: "an edit re-resolves
// only what read the changed declaration").
//
// A declaration's findings are kept under what its lint read, and replayed only while
// every one of those reads the same text (fail closed: anything not known to be the
// same is linted again):
//
//  - the whole setting: the lint options, the price books, the document's path, every
//    imported file's text, and the text of every declaration of the document that has
//    no facts (parts, prices, instances...: the resolvers walk their tables whole).
//    Any change there forgets every kept finding;
//  - its own text, and the text of every declaration of the document whose facts its
//    lint asked the fact store for (FactStore::record_reads: a server's cost reads the
//    clouds serving its workload, a workload the servers serving it);
//  - what those texts name, by any word that is a declaration's name, transitively (the
//    resolvers read a served workload or a model by name, beside the store);
//  - for each of those declarations, the names of the declarations that name it (who
//    serves a workload is found by scanning every server's `serves`), and whether an
//    error keeps it from being linted.
//
// The findings' ranges are kept relative to the declaration (or imported file) they lie
// in, and replayed at the same place in the new text, so lines inserted above move them.
// Each declaration is linted alone, in the order `lint_program` lints them, and replayed
// findings are reported in that order too, so the diagnostics (with the per-file cap)
// are those of linting the whole program at once.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include "backends/cost/price_book.h"
#include "diag/diagnostic.h"
#include "lint/lint.h"
#include "lint/policy.h"
#include "sema/program.h"

namespace gpuspec::lsp {

// What one analysis did: the declarations of the document linted afresh (by name, in
// order) and how many had their findings replayed.
struct LintStats {
  std::vector<std::string> linted;
  std::size_t replayed = 0;
};

// lint::lint_program with the cost facts priced from `book`, as `gpuspec check` lints;
// the declarations whose facts were asked for are appended to `reads` (if not null).
void lint_with_cost(const sema::Program& program, const lint::PolicySet& policies, const lint::LintOptions& options,
                    const cost::PriceBook& book, DiagnosticEngine& diags,
                    std::vector<const sema::DeclEntry*>* reads = nullptr);

struct LentFindings;

class LintMemo {
 public:
  LintMemo();
  ~LintMemo();
  LintMemo(const LintMemo&) = delete;
  LintMemo& operator=(const LintMemo&) = delete;

  // Lints `program` (its root file is the document; `options.not_linted` are the
  // declarations an error broke) with the cost facts priced from `book`, reporting to
  // `diags` what lint::lint_program would. `setting` names everything else the findings
  // depend on that the program does not hold (the price books' paths, the config).
  //
  // Replayed findings are moved into `diags`, not copied, and listed in `lent`; the next
  // lint takes them back from `returned` (the last analysis's diagnostics, which nothing
  // reads again, and what was lent to them). Findings not given back are linted again.
  void lint(const sema::Program& program, const lint::PolicySet& policies, const lint::LintOptions& options,
            const cost::PriceBook& book, const std::string& setting, DiagnosticEngine& diags, LintStats& stats,
            LentFindings& lent, std::vector<Diagnostic>* returned = nullptr, const LentFindings* returned_lent = nullptr);

  struct Entry;  // one declaration's findings and what they were found from (lint_memo.cpp)
  // The words of a declaration's text that could name another.
  struct Words {
    std::vector<std::string> all;
    // Those that were a declaration's name when the document's names were `names_`:
    // while the names are the same, only these are looked up (a declaration has
    // about sixty words and names two or three).
    std::vector<std::string> names;
  };

 // One of the last analysis's declarations, at its index: its text and words, whether
  // an error kept it from being linted, and the declarations naming it (by index).
  struct Declared {
    std::string text;
    Words words;
    bool broken = false;
    std::vector<std::size_t> named_by;
  };

 private:
  // Takes back what the last lint lent `returned`; forgets the entries it cannot.
  void take_back(std::vector<Diagnostic>* returned, const LentFindings* returned_lent);

  std::vector<Declared> declared_;  // the last analysis's declarations, in order
  std::string names_;  // the document's declarations' names, in order, when declared_ was made
  std::uint64_t run_ = 0;                          // analyses linted through this memo
  std::uint64_t lent_ = 0;                         // the lint whose findings are lent out (0: none)
  std::string context_;                            // the whole setting of the kept entries
  std::unordered_map<std::string, std::unique_ptr<Entry>> entries_;  // by declaration name
};

// The kept findings a lint moved into an analysis's diagnostics instead of copying
// them (copying 800 findings was 1.6 M instructions per edit, and freeing them with
// the analysis more): where each one is, for the next lint of the document to take back.
struct LentFindings {
  struct Slot {
    std::size_t at;           // its index in the diagnostics
    // Whose finding it is; null for a copy of one the lint just found and kept, which
    // stays in the analysis (listed for its `kept` identity alone).
    LintMemo::Entry* entry;
    std::size_t finding;      // which of the entry's
    // The kept finding's identity, unique in the process: while it is the same, so are
    // the finding's id, severity, texts and relative ranges (the publish reuses its text
    // by it, diagnostics.h). 0: none.
    std::uint64_t kept = 0;
  };
  std::uint64_t lint = 0;  // the lint that lent them, unique in the process (0: none)
  std::vector<Slot> slots;

  // The diagnostics were sorted: the k-th is now the one that was at order[k].
  void reorder(const std::vector<std::uint32_t>& order);
};

}  // namespace gpuspec::lsp
