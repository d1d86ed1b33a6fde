#include "driver/analysis.h"

#include "sema/checker.h"
#include "sema/loader.h"

namespace gpuspec::driver {

std::optional<sema::Program> analyze_file(Session& session, const std::string& path, const AnalysisOptions& options,
                                          DiagnosticEngine& diags, std::string* io_error) {
  std::size_t errors_before = diags.error_count();
  auto program = sema::load_program(path, session.library(), session.sources(), diags, io_error);
  if (!program) return std::nullopt;
  sema::check_program(*program, diags);
  // Facts of a declaration that failed to check would be partial, and findings on
  // them misleading: lint only programs that checked clean.
  if (options.lint && diags.error_count() == errors_before) {
    lint::lint_program(*program, session.policies(), options.lint_options, diags, options.augment);
  }
  return program;
}

}  // namespace gpuspec::driver
