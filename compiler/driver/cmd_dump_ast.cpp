// `gpuspec dump-ast FILE`: the syntax tree with positions, for grammar tests.
#include <iostream>

#include "diag/render_text.h"
#include "driver/commands.h"
#include "sema/loader.h"
#include "syntax/ast_dump.h"
#include "syntax/parser.h"

namespace gpuspec::driver {

int run_dump_ast(const std::vector<std::string>& args) {
  if (args.size() != 1) return tool_failure("usage: gpuspec dump-ast FILE");
  std::string error;
  auto text = sema::read_file(args[0], &error);
  if (!text) return tool_failure("cannot read '" + args[0] + "': " + error);
  SourceManager sources;
  DiagnosticEngine diags;
  const SourceFile& file = sources.add(args[0], std::move(*text));
  ast::File tree = syntax::parse_file(file, diags);
  std::cout << syntax::dump_ast(tree, sources);
  std::cerr << render_text(diags.diagnostics(), sources, TextRenderOptions{});
  return diags.has_errors() ? kExitFindings : kExitClean;
}

}  // namespace gpuspec::driver
