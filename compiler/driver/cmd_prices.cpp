// `gpuspec prices import FILE... [--format F] [-o OUT.gpuspec]`: a provider's or vendor's
// own price list turned into a dated price-book file (backends/prices_import). The book
// goes to -o (or standard output), the report of what was skipped to standard error (or,
// with --report json, to standard output). A file that cannot be read or parsed imports
// nothing; neither does a run in which every row was skipped, so last month's book is
// never replaced by an empty one.
#include <fmt/format.h>

#include <filesystem>
#include <iostream>

#include "backends/prices_import/import_catalog.h"
#include "backends/prices_import/import_report.h"
#include "backends/prices_import/price_book.h"
#include "backends/writers/atomic_write.h"
#include "driver/commands.h"
#include "driver/config.h"
#include "driver/cost_project.h"
#include "driver/help.h"
#include "driver/load_spec.h"
#include "driver/session.h"
#include "sema/value_check.h"
#include "source/printable.h"

namespace gpuspec::driver {

namespace {

namespace pi = prices_import;
namespace fs = std::filesystem;

// The declarations an import may price: each --catalog file's own, then the library's.
// nullopt when a --catalog file cannot be read (`error`) or does not check (its
// diagnostics are in `diags`).
std::optional<pi::Catalog> catalog_of(Session& session, const std::vector<std::string>& files, DiagnosticEngine& diags,
                                      std::string& error) {
  std::vector<LoadedSpec> specs;  // alive until the catalog has copied what it needs
  specs.reserve(files.size());
  std::vector<const ast::Declaration*> declarations;
  for (const auto& path : files) {
    auto spec = load_spec(session, path, diags, &error);
    if (!spec) return std::nullopt;
    if (!spec->clean) {
      error = "the --catalog file '" + path + "' has errors";
      return std::nullopt;
    }
    specs.push_back(std::move(*spec));
    for (const auto* entry : specs.back().program.user_declarations()) declarations.push_back(entry->decl);
  }
  for (const auto& [name, entry] : session.library().index().entries()) declarations.push_back(entry.decl);
  return pi::import_catalog(declarations);
}

// A dotted declaration name: segments of letters, digits, `_` and `-`, the first starting
// with a letter or `_`. (Checked by hand: std::regex would add
// tens of kilobytes to the package, test/install/deb.sh.)
bool is_declaration_name(std::string_view text) {
  bool first_segment = true;
  std::size_t length = 0;
  for (char c : text) {
    bool letter = (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || c == '_';
    bool digit = (c >= '0' && c <= '9') || c == '-';
    if (c == '.') {
      if (length == 0) return false;
      first_segment = false;
      length = 0;
      continue;
    }
    if (!letter && !(digit && (length > 0 || !first_segment))) return false;
    ++length;
  }
  return length > 0;
}

// The options, checked: nullopt after printing why not.
std::optional<pi::ImportOptions> import_options(const ParsedArgs& args, std::string& error) {
  pi::ImportOptions options;
  options.today = today_for_waivers();
  options.region = args.value("--region");
  options.source_url = args.value("--source-url");
  if (auto prefix = args.value("--prefix")) {
    if (!is_declaration_name(*prefix)) {
      error = fmt::format("bad --prefix '{}': write a declaration name such as 'imported' or 'mycorp.prices'",
                          printable(*prefix));
      return std::nullopt;
    }
    options.prefix = *prefix;
  }
  if (auto as_of = args.value("--as-of")) {
    if (!sema::is_calendar_date(*as_of)) {
      error = fmt::format("bad --as-of '{}': write the date the price list is from as YYYY-MM-DD", *as_of);
      return std::nullopt;
    }
    if (*as_of > options.today) {
      error = fmt::format("--as-of {} is after today ({}): a price list cannot be from the future", *as_of, options.today);
      return std::nullopt;
    }
    options.as_of = *as_of;
  }
  return options;
}

}  // namespace

int run_prices(const std::vector<std::string>& raw_args) {
  ParsedArgs args;
  if (auto exit = parse_command_line("prices", raw_args, args)) return *exit;
  const auto& positionals = args.positionals;
  if (positionals.empty() || positionals[0] != "import") {
    return tool_failure(fmt::format("unknown 'prices' command '{}'; the one there is: import",
                                    positionals.empty() ? "" : printable(positionals[0])));
  }
  if (positionals.size() < 2) return tool_failure("prices import needs at least one FILE");
  std::vector<std::string> files(positionals.begin() + 1, positionals.end());
  std::optional<pi::Format> format;
  if (auto named = args.value("--format")) {
    format = pi::parse_format(*named);
    if (!format) {
      return tool_failure(fmt::format("unknown format '{}'; expected aws-offer, azure-retail, alicloud or csv", printable(*named)));
    }
  } else {
    std::string detect_error;
    format = pi::detect_format(files.front(), detect_error);
    if (!format) return tool_failure(detect_error);
  }
  std::string report_format = args.value("--report").value_or("text");
  if (report_format != "text" && report_format != "json") {
    return tool_failure(fmt::format("unknown report format '{}'; expected text or json", printable(report_format)));
  }
  auto output = args.value("-o");
  if (report_format == "json" && !output) {
    return tool_failure("--report json prints the report on standard output: write the price book with -o FILE");
  }
  std::string error;
  auto options = import_options(args, error);
  if (!options) return tool_failure(error);

  Session session(LibraryOptions{args.value("--stdlib")});
  if (session.load_error()) return tool_failure(*session.load_error());
  DiagnosticEngine diags;
  auto catalog = catalog_of(session, args.values("--catalog"), diags, error);
  if (!catalog) {
    print_diagnostics(session, diags);
    return tool_failure(error);
  }
  pi::ImportResult result;
  pi::ImportContext context{*catalog, *options, result, diags, session.sources()};
  bool read_all = true;
  for (const auto& file : files) read_all = pi::import_file(*format, file, context) && read_all;
  if (!read_all || diags.has_errors()) {
    print_diagnostics(session, diags);
    std::cerr << "gpuspec: nothing imported: an input could not be read (see above)\n";
    return kExitFindings;
  }
  pi::finish_import(*format, result, *options);
  std::string report = report_format == "json" ? pi::report_json(*format, result, output)
                                               : pi::report_text(*format, result, output);
  if (result.entries.empty()) {
    (report_format == "json" ? std::cout : std::cerr) << report;
    std::cerr << "gpuspec: nothing imported: no row prices what the catalog knows; no file written\n";
    return kExitFindings;
  }
  // Each --catalog file as the book imports it: relative to where the book is written.
  std::error_code ec;
  fs::path book_folder = output ? fs::absolute(*output, ec).parent_path() : fs::current_path(ec);
  for (const auto& catalog_file : args.values("--catalog")) {
    result.imports.push_back(fs::absolute(catalog_file, ec).lexically_relative(book_folder).generic_string());
  }
  std::string book = pi::price_book_text(*format, result);
  if (output) {
    writers::WriteOptions write = output_options(args, session);
    write.inputs.insert(write.inputs.end(), files.begin(), files.end());
    if (!writers::write_outputs({{*output, book}}, write, error)) return tool_failure(error);
  } else {
    std::cout << book;
  }
  (report_format == "json" ? std::cout : std::cerr) << report;
  return kExitClean;
}

}  // namespace gpuspec::driver
