// `gpuspec lsp`: the language server on stdin/stdout, the runner the executable
// provides to the driver's command table (driver::provide_lsp, compiler/main.cpp).
#pragma once

#include <string>
#include <vector>

namespace gpuspec::lsp {

// Returns the process exit code: 0 after the client's shutdown and exit, 1 when the
// input ends without them, 2 for bad arguments.
int run_command(const std::vector<std::string>& args);

}  // namespace gpuspec::lsp
