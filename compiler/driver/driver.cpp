#include "driver/driver.h"

#include <fmt/format.h>

#include <cstdio>
#include <exception>
#include <string>
#include <vector>

#include "driver/command_table.h"
#include "driver/commands.h"
#include "driver/help.h"
#include "driver/version.h"
#include "sema/suggest.h"

namespace gpuspec::driver {

namespace {

// `gpuspec chek`: like git, name the closest command instead of printing the list.
int unknown_command(const std::string& name) {
  std::vector<std::string_view> names;
  for (const auto& command : commands()) names.push_back(command.name);
  auto near = sema::nearest(name, names);
  return tool_failure(fmt::format("unknown command '{}'{}\nrun 'gpuspec --help' for the list of commands", name,
                                  near ? fmt::format("; did you mean '{}'?", *near) : std::string()));
}

}  // namespace

int run(int argc, char** argv) {
  std::vector<std::string> args(argv + 1, argv + argc);
  if (args.empty()) {
    std::fputs(program_help().c_str(), stderr);
    return kExitToolFailure;
  }
  const std::string command = args.front();
  std::vector<std::string> rest(args.begin() + 1, args.end());
  try {
    if (command == "--version" || command == "version") {
      std::printf("%s\n", version_line().c_str());
      return kExitClean;
    }
    if (command == "--help" || command == "help" || command == "-h") {
      // `gpuspec help check` is `gpuspec check --help`.
      if (!rest.empty()) {
        if (const CommandSpec* spec = find_command(rest.front())) return spec->run({"--help"});
        return unknown_command(rest.front());
      }
      std::fputs(program_help().c_str(), stdout);
      return kExitClean;
    }
    if (const CommandSpec* spec = find_command(command)) return spec->run(rest);
    return unknown_command(command);
  } catch (const std::exception& e) {
    // A bug, not a user mistake: say so instead of aborting with a core dump.
    return tool_failure(std::string("internal error: ") + e.what());
  }
}

}  // namespace gpuspec::driver
