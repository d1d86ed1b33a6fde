// `gpuspec terraform`: placeholder until the command lands (it reports, never pretends).
#include "driver/commands.h"

namespace gpuspec::driver {

int run_terraform(const std::vector<std::string>&) { return tool_failure("'terraform' is not implemented yet"); }

}  // namespace gpuspec::driver
