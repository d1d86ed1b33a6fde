#include "driver/commands.h"
#include "driver/help.h"
namespace gpuspec::driver {
int run_init(const std::vector<std::string>& raw_args) {
  ParsedArgs args;
  if (auto exit = parse_command_line("init", raw_args, args)) return *exit;
  return tool_failure("not yet");
}
}  // namespace gpuspec::driver
