#include "driver/analysis.h"

#include <fmt/format.h>

#include "backends/cost/cost_facts.h"
#include "backends/cost/price_files.h"
#include "sema/checker.h"
#include "sema/loader.h"

namespace gpuspec::driver {

namespace {

// Checks and lints a loaded program; `errors_before` is the error count before it was loaded.
std::optional<sema::Program> check_and_lint(Session& session, std::optional<sema::Program> program,
                                            std::size_t errors_before, const AnalysisOptions& options,
                                            DiagnosticEngine& diags, std::string* io_error) {
  sema::check_program(*program, diags);
  // Facts of a declaration that failed to check would be partial, and findings on
  // them misleading: lint only programs that checked clean.
  if (!options.lint || diags.error_count() != errors_before) return program;

  // Budget and deployment rules read cost.* facts, priced from the stdlib's price
  // book, the program's own price entries and any --prices files.
  std::vector<sema::Program> price_files;
  std::string price_error;
  if (!cost::load_price_files(options.price_paths, session.library(), session.sources(), diags, price_files,
                              price_error)) {
    if (io_error) *io_error = price_error;
    return std::nullopt;
  }
  cost::PriceBook book = cost::build_price_book(*program, price_files);
  cost::DeploymentIndex deployments = cost::index_deployments(*program);
  lint::FactAugmenter augment = [&](const sema::Program& p, const sema::DeclEntry& entry, facts::FactSet& facts) {
    cost::add_cost_facts(p, entry, facts, book, &deployments);
    if (options.augment) options.augment(p, entry, facts);
  };
  lint::lint_program(*program, session.policies(), options.lint_options, diags, augment);
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
  return check_and_lint(session, std::move(program), errors_before, options, diags, io_error);
}

std::optional<sema::Program> analyze_text(Session& session, const std::string& path, std::string text,
                                          const AnalysisOptions& options, DiagnosticEngine& diags, std::string* io_error) {
  std::size_t errors_before = diags.error_count();
  auto program = sema::load_program_text(path, std::move(text), session.library(), session.sources(), diags);
  return check_and_lint(session, std::move(program), errors_before, options, diags, io_error);
}

}  // namespace gpuspec::driver
