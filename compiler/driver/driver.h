// The `gpuspec` command line: parses arguments and dispatches to a subcommand.
#pragma once

namespace gpuspec::driver {

// Returns the process exit code: 0 clean, 1 findings, 2 the tool could not run.
int run(int argc, char** argv);

}  // namespace gpuspec::driver
