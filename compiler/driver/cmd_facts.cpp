// `gpuspec facts FILE [NAME|FACT]`: the resolved facts as JSON — "why does the
// linter think that".
#include <fmt/format.h>

#include <iostream>

#include "backends/cost/cost_facts.h"
#include "diag/render_text.h"
#include "driver/help.h"
#include "driver/commands.h"
#include "driver/config.h"
#include "facts/fact_schema_listing.h"
#include "driver/session.h"
#include "facts/fact_json.h"
#include "facts/resolve.h"
#include "driver/load_spec.h"
#include "sema/suggest.h"
#include "source/json_io.h"

namespace gpuspec::driver {

namespace {

// `gpuspec facts FILE power.fullload`: a name that is neither a declaration of FILE nor a
// fact would print every declaration with no facts and exit 0, which reads as "no such
// value" rather than "no such name". The refusal, with a did-you-mean.
std::string unknown_filter(const std::string& name, const sema::Program& program, const std::string& file) {
  std::vector<std::string_view> names = facts::FactSchema::builtin().names();
  for (const auto& decl : program.files().front()->ast.declarations) {
    if (facts::has_facts(decl.kind)) names.push_back(decl.name);
  }
  auto near = sema::suggest(name, names);
  std::string hint = near.candidates.empty() ? "; `gpuspec facts --schema` lists the facts" : "; " + sema::did_you_mean(near);
  return fmt::format("no declaration or fact named '{}' in {}{}", name, file, hint);
}

}  // namespace

int run_facts(const std::vector<std::string>& raw_args) {
  ParsedArgs args;
  if (auto exit = parse_command_line("facts", raw_args, args)) return *exit;
  if (args.has("--schema")) {
    if (!args.positionals.empty()) return tool_failure("--schema lists the fact registry; it takes no FILE");
    std::string format = args.value("--format").value_or("text");
    if (format != "text" && format != "json" && format != "md") {
      return tool_failure(fmt::format("unknown format '{}'; expected text, json or md", format));
    }
    std::cout << facts::render_fact_schema(format);
    return kExitClean;
  }
  if (args.value("--format")) return tool_failure("--format applies to --schema only; facts of a FILE are JSON");
  if (args.positionals.empty()) {
    return tool_failure("'gpuspec facts' needs a FILE (or --schema)",
                        "usage: gpuspec facts FILE [DECLARATION|FACT] [--prices FILE]...\n"
                        "       gpuspec facts --schema [--format text|json|md]\n"
                        "run 'gpuspec facts --help' for its options\n");
  }
  Session session(LibraryOptions{args.value("--stdlib")});
  if (session.load_error()) return tool_failure(*session.load_error());
  DiagnosticEngine diags;
  std::string io_error;
  auto spec = load_spec(session, args.positionals[0], diags, &io_error);
  if (!spec) return tool_failure(io_error);
  const sema::Program* program = &spec->program;
  // The same cost.* facts the budget and deployment rules read, from the same price books.
  std::string price_error;
  LintConfig config;
  if (auto config_path = ConfigFinder().nearest(args.positionals[0])) {
    auto loaded = load_config(*config_path, price_error);
    if (!loaded) return tool_failure(price_error);
    config = std::move(*loaded);
  }
  auto book = spec_price_book(session, {program}, price_paths(config, args.values("--prices")), diags, price_error);
  if (!book) return tool_failure(price_error);
  facts::FactStore store(*program);
  cost::CostFacts cost_facts(store, *book);
  store.add_provider(cost_facts);  // listed in full below

  std::optional<std::string> filter = args.positionals.size() == 2 ? std::optional(args.positionals[1]) : std::nullopt;
  bool filter_is_declaration = filter && program->find(*filter) != nullptr;
  bool filter_is_fact = filter && facts::FactSchema::builtin().find(*filter);
  nlohmann::ordered_json declarations = nlohmann::ordered_json::array();
  for (const auto& file : program->files()) {
    if (file != program->files().front()) continue;  // the root file's declarations, not its imports'
    for (const auto& decl : file->ast.declarations) {
      if (!facts::has_facts(decl.kind)) continue;
      if (filter_is_declaration && decl.name != *filter) continue;
      const sema::DeclEntry* entry = program->find(decl.name);
      if (!entry || entry->decl != &decl) continue;
      auto json = facts::fact_set_to_json(store.resolve(*entry, diags), session.sources());
      if (filter && !filter_is_declaration) {
        nlohmann::ordered_json only = nlohmann::ordered_json::object();
        if (json["facts"].contains(*filter)) {
          only[*filter] = json["facts"][*filter];
          filter_is_fact = true;  // one outside the registry, which a declaration has
        }
        json["facts"] = std::move(only);
      }
      declarations.push_back(std::move(json));
    }
  }
  if (filter && !filter_is_declaration && !filter_is_fact) {
    return tool_failure(unknown_filter(*filter, *program, args.positionals[0]));
  }
  if (filter && declarations.empty()) return tool_failure(fmt::format("no declaration named '{}'", *filter));
  nlohmann::ordered_json out;
  out["version"] = 1;
  out["file"] = args.positionals[0];
  out["declarations"] = std::move(declarations);
  std::cout << dump_json(out) << "\n";
  diags.sort(session.sources());
  std::cerr << render_text(diags.diagnostics(), session.sources(), TextRenderOptions{});
  return diags.has_errors() ? kExitFindings : kExitClean;
}

}  // namespace gpuspec::driver
