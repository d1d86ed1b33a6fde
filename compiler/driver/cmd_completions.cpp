#include "driver/commands.h"
#include "driver/help.h"
namespace gpuspec::driver {
int run_completions(const std::vector<std::string>& raw_args) {
  ParsedArgs args;
  if (auto exit = parse_command_line("completions", raw_args, args)) return *exit;
  return tool_failure("not yet");
}
}  // namespace gpuspec::driver
