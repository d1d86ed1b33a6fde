// The gpuspec executable, the top layer: it installs what the build made of the
// embedded library (the parse snapshot, compiler/snapshot/) and provides the language
// server (compiler/lsp/) to the driver's command table, then runs the command.
#include "driver/commands.h"
#include "driver/driver.h"
#include "lsp/cmd_lsp.h"
#include "snapshot/parse_snapshot_data.h"

#if defined(__GLIBC__)
#include <malloc.h>
#endif

namespace {

// glibc hands the top of the heap back to the kernel whenever 128 KB of it are free, and
// serves blocks past its (adaptive) mmap threshold from fresh mappings. A check resolves
// and frees a fact set of ~70 KB per declaration and renders each file's findings into
// buffers of a few hundred KB, so the heap shrank and grew again for every file: ~10,000
// page faults on the 1,000-file peer corpus (issue 28), each a page the kernel zeroes
// again, against ~3,000 when the memory is kept. Keeping it does not raise the peak: a
// freed block is reused, and the peak is what the largest file needs at once.
void keep_freed_memory() {
#if defined(__GLIBC__)
  mallopt(M_TRIM_THRESHOLD, 64 << 20);
  mallopt(M_TOP_PAD, 1 << 20);
  mallopt(M_MMAP_THRESHOLD, 32 << 20);
#endif
}

}  // namespace

int main(int argc, char** argv) {
  keep_freed_memory();
  gpuspec::snapshot::install();
  gpuspec::driver::provide_lsp(gpuspec::lsp::run_command);
  return gpuspec::driver::run(argc, argv);
}
