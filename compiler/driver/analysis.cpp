#include "driver/analysis.h"

#include <fmt/format.h>

#include "backends/cost/cost_facts.h"
#include "driver/load_spec.h"
#include "sema/checker.h"

namespace gpuspec::driver {

namespace {

// Budget and deployment rules read cost.* facts, priced from `book`.
void lint_with_prices(Session& session, const sema::Program& program, const AnalysisOptions& options,
                      const cost::PriceBook& book, DiagnosticEngine& diags) {
  // One fact store for the program: the lint engine resolves each declaration there
  // and the cost facts read it (issue 12); they are quoted only if a rule reads one.
  facts::FactStore store(program);
  cost::CostFacts cost_facts(store, book);
  store.add_provider(cost_facts);
  for (facts::FactProvider* provider : options.providers) store.add_provider(*provider);
  lint::lint_program(program, session.policies(), options.lint_options, diags, &store);
}

// Lints a loaded and checked spec, but for the declarations an error broke (or that refer
// to one): their facts would be partial, and findings on them misleading. The rest of
// the file is linted, as clang and rustc go on after an error.
std::optional<sema::Program> lint_loaded(Session& session, LoadedSpec spec, const AnalysisOptions& options,
                                         DiagnosticEngine& diags, std::string* io_error) {
  if (!options.lint) return std::move(spec.program);
  // The stdlib's price book, the program's own price entries and any --prices files.
  std::string price_error;
  DiagnosticEngine left_out;
  auto book = spec_price_book(session, {&spec.program}, options.price_paths,
                              options.price_book_diagnostics ? diags : left_out, price_error);
  if (!book) {
    if (io_error) *io_error = price_error;
    return std::nullopt;
  }
  if (spec.broken.empty()) {
    lint_with_prices(session, spec.program, options, *book, diags);
  } else {
    AnalysisOptions partial = options;
    partial.lint_options.not_linted = std::move(spec.broken);
    lint_with_prices(session, spec.program, partial, *book, diags);
  }
  return std::move(spec.program);
}

}  // namespace

std::optional<sema::Program> analyze_file(Session& session, const std::string& path, const AnalysisOptions& options,
                                          DiagnosticEngine& diags, std::string* io_error) {
  auto spec = load_spec(session, path, diags, io_error);
  if (!spec) return std::nullopt;
  return lint_loaded(session, std::move(*spec), options, diags, io_error);
}

std::optional<sema::Program> analyze_text(Session& session, const std::string& path, std::string text,
                                          const AnalysisOptions& options, DiagnosticEngine& diags, std::string* io_error,
                                          const ProjectRoot* root) {
  const std::optional<ProjectRoot> import_root = root ? std::optional<ProjectRoot>(*root) : options.import_root;
  return lint_loaded(session, load_spec_text(session, path, std::move(text), diags, import_root), options, diags,
                     io_error);
}

std::optional<cost::PriceBook> analysis_price_book(Session& session, const sema::Program& program,
                                                   const AnalysisOptions& options, DiagnosticEngine& diags,
                                                   std::string& error) {
  return spec_price_book(session, {&program}, options.price_paths, diags, error);
}

void check_and_lint(Session& session, const sema::Program& program, const AnalysisOptions& options,
                    const cost::PriceBook& book, DiagnosticEngine& diags) {
  std::size_t errors_before = diags.error_count();
  sema::check_program(program, diags);
  if (!options.lint || diags.error_count() != errors_before) return;
  lint_with_prices(session, program, options, book, diags);
}

}  // namespace gpuspec::driver
