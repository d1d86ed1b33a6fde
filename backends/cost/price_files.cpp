#include "backends/cost/price_files.h"

#include "sema/checker.h"
#include "sema/loader.h"

namespace gpuspec::cost {

bool load_price_files(const std::vector<std::string>& paths, const sema::Library& library, SourceManager& sources,
                      DiagnosticEngine& diags, std::vector<sema::Program>& out, std::string& error) {
  for (const auto& path : paths) {
    std::string io_error;
    auto program = sema::load_program(path, library, sources, diags, &io_error);
    if (!program) {
      error = "cannot read price book '" + path + "': " + io_error;
      return false;
    }
    sema::check_program(*program, diags);
    out.push_back(std::move(*program));
  }
  return true;
}

PriceBook build_price_book(const sema::Program& program, const std::vector<sema::Program>& price_files) {
  return build_price_book({&program}, program.library(), price_files);
}

PriceBook build_price_book(const std::vector<const sema::Program*>& programs, const sema::Library& library,
                           const std::vector<sema::Program>& price_files) {
  PriceBook book;
  book.add_library(library);
  for (const auto* program : programs) book.add_user_file(*program);
  for (const auto& p : price_files) book.add_user_file(p);
  return book;
}

}  // namespace gpuspec::cost
