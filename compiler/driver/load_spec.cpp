#include "driver/load_spec.h"

#include <fmt/format.h>

#include "backends/cost/price_files.h"
#include "sema/broken_declarations.h"
#include "sema/checker.h"
#include "sema/loader.h"

namespace gpuspec::driver {

namespace {

// `first` is the index of the first diagnostic of this load in `diags`.
LoadedSpec checked(sema::Program program, std::size_t errors_before, std::size_t first, DiagnosticEngine& diags,
                   sema::CheckMemo* memo = nullptr) {
  sema::check_program(program, diags, memo);
  bool clean = diags.error_count() == errors_before;
  auto broken = clean ? std::set<const ast::Declaration*>() : sema::broken_declarations(program, diags.diagnostics(), first);
  return LoadedSpec{std::move(program), clean, std::move(broken)};
}

}  // namespace

std::optional<LoadedSpec> load_spec(Session& session, const std::string& path, DiagnosticEngine& diags,
                                    std::string* io_error) {
  std::size_t errors_before = diags.error_count();
  std::size_t first = diags.diagnostics().size();
  std::string reason;
  auto program = sema::load_program(path, session.library(), session.sources(), diags, &reason);
  if (!program) {
    if (io_error) *io_error = fmt::format("cannot read '{}': {}", path, reason);
    return std::nullopt;
  }
  return checked(std::move(*program), errors_before, first, diags);
}

LoadedSpec load_spec_text(Session& session, const std::string& path, std::string text, DiagnosticEngine& diags,
                          const std::optional<ProjectRoot>& root, const sema::ParseRoot& parse_root,
                          sema::CheckMemo* check_memo) {
  std::size_t errors_before = diags.error_count();
  std::size_t first = diags.diagnostics().size();
  auto program = sema::load_program_text(path, std::move(text), session.library(), session.sources(), diags, root,
                                           parse_root);
  return checked(std::move(program), errors_before, first, diags, check_memo);
}

std::optional<cost::PriceBook> spec_price_book(Session& session, const std::vector<const sema::Program*>& programs,
                                               const std::vector<std::string>& price_paths, DiagnosticEngine& diags,
                                               std::string& error) {
  const PriceFiles& files = session.price_files(price_paths);
  for (const auto& d : files.diagnostics) diags.diagnostics().push_back(d);
  if (!files.error.empty()) {
    error = files.error;
    return std::nullopt;
  }
  // What cost::build_price_book(programs, library, files.programs) builds, from the
  // entries the session read once: only the spec's own files are read here.
  cost::PriceBook book;
  book.add_deferred_layer(session.library_prices());
  for (const auto* program : programs) book.add_user_file(*program);
  for (const auto& [source, layer] : files.layers) book.add_user_layer(source, layer);
  return book;
}

}  // namespace gpuspec::driver
