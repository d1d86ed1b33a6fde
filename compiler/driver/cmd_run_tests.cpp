// `gpuspec test`: placeholder until the command lands (it reports, never pretends).
#include "driver/commands.h"

namespace gpuspec::driver {

int run_test(const std::vector<std::string>&) { return tool_failure("'test' is not implemented yet"); }

}  // namespace gpuspec::driver
