// `gpuspec bom PATH... [--name DECL] [--format csv|json|md] [-o FILE] [--prices FILE]...
// [--rate FROM/TO=RATE]... [--currency CNY|USD] [--require-prices]`: the bill of materials
// of each server in the files and folders given. A part without a price shows "no price",
// makes the total a lower bound ("at least") and is a `missing-price` warning; a role the
// build lacks (a tower's motherboard) is a `bom.incomplete` warning. Both are errors
// (exit 1) under --require-prices or a gpuspec.json "fail-on": "warning".
#include <fmt/format.h>


#include <set>

#include "backends/cost/bom.h"
#include "backends/cost/quote.h"
#include "backends/cost/report.h"
#include "driver/help.h"
#include "driver/commands.h"
#include "driver/cost_project.h"
#include "driver/session.h"
#include "facts/resolve.h"

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
    currency = cost::currency_from_code(*c);
    if (currency == units::Currency::None) return tool_failure(fmt::format("unknown currency '{}' (expected CNY or USD)", *c));
  }

  Session session(LibraryOptions{args.value("--stdlib")});
  if (session.load_error()) return tool_failure(*session.load_error());
  DiagnosticEngine diags;
  CostProject project;
  if (auto exit = load_checked_cost_project(session, args.positionals, args, diags, project)) return *exit;

  // The servers of the files given (not of what they import), or the one named.
  std::vector<cost::Bom> boms;
  std::set<const ast::Declaration*> seen;
  auto name = args.value("--name");
  for (const auto& program : project.programs) {
    for (const auto* entry : cost::program_deployments(*program)) {
      if (entry->decl->kind != "server" || !seen.insert(entry->decl).second) continue;
      if (name ? entry->decl->name != *name : entry->file != program->files().front().get()) continue;
      DiagnosticEngine scratch;
      auto facts = facts::resolve_facts(*program, *entry, scratch);
      boms.push_back(cost::build_bom(*program, *entry, facts, *project.book, currency, diags));
    }
  }
  if (boms.empty()) {
    return tool_failure(name ? fmt::format("no server named '{}'", *name)
                             : fmt::format("no server in '{}'", fmt::join(args.positionals, "', '")));
  }
  std::string text = cost::render_boms(boms, format);
  return finish_cost_command(session, args, project, text, diags);
}

}  // namespace gpuspec::driver
