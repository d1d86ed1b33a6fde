// `gpuspec rules`: placeholder until the command lands (it reports, never pretends).
#include "driver/commands.h"

namespace gpuspec::driver {

int run_rules(const std::vector<std::string>&) { return tool_failure("'rules' is not implemented yet"); }

}  // namespace gpuspec::driver
