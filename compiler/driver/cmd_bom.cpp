// `gpuspec bom`: placeholder until the command lands (it reports, never pretends).
#include "driver/commands.h"

namespace gpuspec::driver {

int run_bom(const std::vector<std::string>&) { return tool_failure("'bom' is not implemented yet"); }

}  // namespace gpuspec::driver
