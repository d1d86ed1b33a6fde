// The gpuspec executable, the top layer: it installs what the build made of the
// embedded library (the parse snapshot, compiler/snapshot/) and provides the language
// server (compiler/lsp/) to the driver's command table, then runs the command.
#include "driver/commands.h"
#include "driver/driver.h"
#include "lsp/cmd_lsp.h"
#include "snapshot/parse_snapshot_data.h"

int main(int argc, char** argv) {
  gpuspec::snapshot::install();
  gpuspec::driver::provide_lsp(gpuspec::lsp::run_command);
  return gpuspec::driver::run(argc, argv);
}
