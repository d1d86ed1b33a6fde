#include "driver/analysis.h"

#include <fmt/format.h>

#include "backends/cost/cost_facts.h"
#include "backends/cost/price_files.h"
#include "sema/checker.h"
#include "sema/loader.h"

namespace gpuspec::driver {

namespace {

// Budget and deployment rules read cost.* facts, priced from `book`.
void lint_with_prices(Session& session, const sema::Program& program, const AnalysisOptions& options,
                      const cost::PriceBook& book, DiagnosticEngine& diags) {
  // One fact store for the program: the lint engine resolves each declaration there
  // and the cost facts read it (issue 12).
  facts::FactStore store(program);
  cost::CostFacts cost_facts(store, book);
  lint::FactAugmenter augment = [&](const sema::Program& p, const sema::DeclEntry& entry, facts::FactSet& facts) {
    cost_facts.add(entry, facts);
    if (options.augment) options.augment(p, entry, facts);
  };
  lint::lint_program(program, session.policies(), options.lint_options, diags, augment, &store);
}

// Checks and lints a loaded program; `errors_before` is the error count before it was loaded.
std::optional<sema::Program> analyze_loaded(Session& session, std::optional<sema::Program> program,
                                            std::size_t errors_before, const AnalysisOptions& options,
                                            DiagnosticEngine& diags, std::string* io_error) {
  sema::check_program(*program, diags);
  // Facts of a declaration that failed to check would be partial, and findings on
  // them misleading: lint only programs that checked clean.
  if (!options.lint || diags.error_count() != errors_before) return program;

  // The stdlib's price book, the program's own price entries and any --prices files.
  std::vector<sema::Program> price_files;
  std::string price_error;
  auto book = analysis_price_book(session, *program, options, diags, price_files, price_error);
  if (!book) {
    if (io_error) *io_error = price_error;
    return std::nullopt;
  }
  lint_with_prices(session, *program, options, *book, diags);
  return program;
}

}  // namespace

std::optional<sema::Program> analyze_file(Session& session, const std::string& path, const AnalysisOptions& options,
                                          DiagnosticEngine& diags, std::string* io_error) {
  std::size_t errors_before = diags.error_count();
  std::string reason;
  auto program = sema::load_program(path, session.library(), session.sources(), diags, &reason);
  if (!program) {
    if (io_error) *io_error = fmt::format("cannot read '{}': {}", path, reason);
    return std::nullopt;
  }
  return analyze_loaded(session, std::move(program), errors_before, options, diags, io_error);
}

std::optional<sema::Program> analyze_text(Session& session, const std::string& path, std::string text,
                                          const AnalysisOptions& options, DiagnosticEngine& diags, std::string* io_error) {
  std::size_t errors_before = diags.error_count();
  auto program = sema::load_program_text(path, std::move(text), session.library(), session.sources(), diags);
  return analyze_loaded(session, std::move(program), errors_before, options, diags, io_error);
}

std::optional<cost::PriceBook> analysis_price_book(Session& session, const sema::Program& program,
                                                   const AnalysisOptions& options, DiagnosticEngine& diags,
                                                   std::vector<sema::Program>& price_files, std::string& error) {
  if (!cost::load_price_files(options.price_paths, session.library(), session.sources(), diags, price_files, error)) {
    return std::nullopt;
  }
  return cost::build_price_book(program, price_files);
}

void check_and_lint(Session& session, const sema::Program& program, const AnalysisOptions& options,
                    const cost::PriceBook& book, DiagnosticEngine& diags) {
  std::size_t errors_before = diags.error_count();
  sema::check_program(program, diags);
  if (!options.lint || diags.error_count() != errors_before) return;
  lint_with_prices(session, program, options, book, diags);
}

}  // namespace gpuspec::driver
