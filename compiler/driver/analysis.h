// The front half every command shares: load a root file with its imports, check it,
// and lint it. Commands that emit artefacts (terraform, bom, quote) call this first
// and refuse to emit when it reports errors (unless --force).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "backends/cost/price_book.h"
#include "diag/diagnostic.h"
#include "driver/session.h"
#include "facts/fact_provider.h"
#include "lint/lint.h"
#include "sema/program.h"
#include "source/confinement.h"

namespace gpuspec::driver {

struct AnalysisOptions {
  bool lint = true;
  lint::LintOptions lint_options;
  std::vector<std::string> price_paths;  // --prices FILE: user price books for cost.* facts
  // false: the price books' own diagnostics are left out, for a caller that reports
  // them once for all its files (`check`).
  bool price_book_diagnostics = true;
  // More fact providers for the lint, after the cost facts (fact_provider.h): suggest's
  // judge keeps a candidate's facts as the pack saw them through one.
  std::vector<facts::FactProvider*> providers;
  // Where the file's imports may come from (analyze_text); default: its project root,
  // as on the command line. The language server passes the workspace folder, or none.
  std::optional<ProjectRoot> import_root;
};

// Returns nullopt when the file or a --prices file cannot be read; `io_error` is then
// the whole message ("cannot read 'x.gpuspec': Permission denied").
std::optional<sema::Program> analyze_file(Session& session, const std::string& path, const AnalysisOptions& options,
                                          DiagnosticEngine& diags, std::string* io_error);

// The same for a file whose text is given (an editor's buffer; imports are read
// from disk). Returns nullopt only when a --prices file cannot be read. `root`, when
// given, is the file's project root as the caller found it (`check`, once per folder)
// and stands for options.import_root.
std::optional<sema::Program> analyze_text(Session& session, const std::string& path, std::string text,
                                          const AnalysisOptions& options, DiagnosticEngine& diags, std::string* io_error,
                                          const ProjectRoot* root = nullptr);

// The price book `check` lints `program` with: the stdlib's entries, the program's own
// and the --prices files (kept by the session). nullopt when a price file cannot be
// read (`error` says which).
std::optional<cost::PriceBook> analysis_price_book(Session& session, const sema::Program& program,
                                                   const AnalysisOptions& options, DiagnosticEngine& diags,
                                                   std::string& error);

// Type-checks a loaded program and, when it checked clean, lints it with the full pack
// and cost facts priced from `book`: what `check` does to every file, for callers that
// judge many programs against one price book (`gpuspec suggest`).
void check_and_lint(Session& session, const sema::Program& program, const AnalysisOptions& options,
                    const cost::PriceBook& book, DiagnosticEngine& diags);

}  // namespace gpuspec::driver
