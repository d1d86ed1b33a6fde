// `gpuspec dump-ast FILE`: the syntax tree with positions, for grammar tests.
#include <iostream>

#include "diag/render_text.h"
#include "driver/commands.h"
#include "driver/help.h"
#include "syntax/ast_dump.h"
#include "syntax/parser.h"
#include "source/confinement.h"

namespace gpuspec::driver {

int run_dump_ast(const std::vector<std::string>& raw_args) {
  ParsedArgs args;
  if (auto exit = parse_command_line("dump-ast", raw_args, args)) return *exit;
  const std::string& path = args.positionals.front();
  std::string error;
  auto text = read_input_file(path, error);
  if (!text) return tool_failure("cannot read '" + path + "': " + error);
  SourceManager sources;
  DiagnosticEngine diags;
  const SourceFile& file = sources.add(path, std::move(*text));
  ast::File tree = syntax::parse_file(file, diags);
  std::cout << syntax::dump_ast(tree, sources, {.positions = !args.has("--no-positions")});
  std::cerr << render_text(diags.diagnostics(), sources, TextRenderOptions{});
  return diags.has_errors() ? kExitFindings : kExitClean;
}

}  // namespace gpuspec::driver
