// One function per subcommand; each returns the process exit code.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace gpuspec::driver {

inline constexpr int kExitClean = 0;
inline constexpr int kExitFindings = 1;
inline constexpr int kExitToolFailure = 2;

int run_check(const std::vector<std::string>& args);
int run_dump_ast(const std::vector<std::string>& args);
int run_facts(const std::vector<std::string>& args);
int run_catalog(const std::vector<std::string>& args);
int run_terraform(const std::vector<std::string>& args);
int run_bom(const std::vector<std::string>& args);
int run_quote(const std::vector<std::string>& args);
int run_prices(const std::vector<std::string>& args);
int run_suggest(const std::vector<std::string>& args);
int run_explain(const std::vector<std::string>& args);
int run_rules(const std::vector<std::string>& args);
int run_test(const std::vector<std::string>& args);
int run_fmt(const std::vector<std::string>& args);
int run_init(const std::vector<std::string>& args);
int run_probe(const std::vector<std::string>& args);
int run_completions(const std::vector<std::string>& args);
// The language server is a layer above the driver (compiler/lsp/ uses its analysis),
// so the executable provides it (compiler/main.cpp) before it runs a command; the
// command table describes it either way. run_lsp runs what was provided, and fails as
// a tool failure when nothing was (a build of the driver alone).
void provide_lsp(int (*run)(const std::vector<std::string>& args));
int run_lsp(const std::vector<std::string>& args);

// Prints "gpuspec: error: <message>" to stderr, then `usage` when given, and returns
// kExitToolFailure. The message may hold paths and names from the input: it is made
// printable (source/printable.h), one line; `usage` is the tool's own text (lines of
// help after the error), printed as it is.
int tool_failure(const std::string& message, std::string_view usage = {});

}  // namespace gpuspec::driver
