// `gpuspec explain`: placeholder until the command lands (it reports, never pretends).
#include "driver/commands.h"

namespace gpuspec::driver {

int run_explain(const std::vector<std::string>&) { return tool_failure("'explain' is not implemented yet"); }

}  // namespace gpuspec::driver
