// `gpuspec bom FILE [--name DECL] [--format csv|json|md] [-o FILE] [--prices FILE]...
// [--currency CNY|USD]`: the bill of materials of each server in FILE. A part without a
// price shows "no price" and is a `missing-price` error (exit 1); the table is still
// printed so the user sees what is missing.
#include <fmt/format.h>

#include <iostream>

#include "backends/cost/bom.h"
#include "backends/cost/price_files.h"
#include "backends/cost/report.h"
#include "diag/render_text.h"
#include "backends/writers/atomic_write.h"
#include "driver/help.h"
#include "driver/commands.h"
#include "driver/session.h"
#include "facts/resolve.h"
#include "sema/checker.h"
#include "sema/loader.h"

namespace gpuspec::driver {

int run_bom(const std::vector<std::string>& raw_args) {
  ParsedArgs args;
  if (auto exit = parse_command_line("bom", raw_args, args)) return *exit;
  std::string format_name = args.value("--format").value_or("md");
  cost::Format format;
  if (format_name == "md") format = cost::Format::Markdown;
  else if (format_name == "csv") format = cost::Format::Csv;
  else if (format_name == "json") format = cost::Format::Json;
  else return tool_failure(fmt::format("unknown format '{}' (expected csv, json or md)", format_name));
  std::optional<units::Currency> currency;
  if (auto c = args.value("--currency")) {
    if (*c == "CNY") currency = units::Currency::CNY;
    else if (*c == "USD") currency = units::Currency::USD;
    else return tool_failure(fmt::format("unknown currency '{}' (expected CNY or USD)", *c));
  }

  Session session(LibraryOptions{args.value("--stdlib")});
  if (session.load_error()) return tool_failure(*session.load_error());
  DiagnosticEngine diags;
  std::string io_error;
  auto program = sema::load_program(args.positionals[0], session.library(), session.sources(), diags, &io_error);
  if (!program) return tool_failure(fmt::format("cannot read '{}': {}", args.positionals[0], io_error));
  sema::check_program(*program, diags);
  std::vector<sema::Program> price_files;
  std::string error;
  if (!cost::load_price_files(args.values("--prices"), session.library(), session.sources(), diags, price_files, error)) {
    return tool_failure(error);
  }
  auto render_diags = [&] {
    diags.sort(session.sources());
    std::cerr << render_text(diags.diagnostics(), session.sources(), TextRenderOptions{});
  };
  if (diags.has_errors()) {  // never price a spec that does not check
    render_diags();
    return kExitFindings;
  }
  cost::PriceBook book = cost::build_price_book(*program, price_files);

  std::vector<cost::Bom> boms;
  auto name = args.value("--name");
  for (const auto* entry : program->user_declarations()) {
    if (entry->decl->kind != "server") continue;
    if (name ? entry->decl->name != *name : entry->file != program->files().front().get()) continue;
    DiagnosticEngine scratch;
    auto facts = facts::resolve_facts(*program, *entry, scratch);
    boms.push_back(cost::build_bom(*program, *entry, facts, book, currency, diags));
  }
  if (boms.empty()) {
    return tool_failure(name ? fmt::format("no server named '{}'", *name)
                             : fmt::format("no server in '{}'", args.positionals[0]));
  }
  std::string text = cost::render_boms(boms, format);
  if (auto out = args.value("-o")) {
    std::string err;
    if (!writers::write_files_atomically({{*out, text}}, err)) return tool_failure(err);
  } else {
    std::cout << text;
  }
  render_diags();
  return diags.has_errors() ? kExitFindings : kExitClean;
}

}  // namespace gpuspec::driver
