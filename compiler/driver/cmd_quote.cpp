// `gpuspec quote`: placeholder until the command lands (it reports, never pretends).
#include "driver/commands.h"

namespace gpuspec::driver {

int run_quote(const std::vector<std::string>&) { return tool_failure("'quote' is not implemented yet"); }

}  // namespace gpuspec::driver
