#include "driver/driver.h"

#include <fmt/format.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <exception>
#include <iostream>
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
  return tool_failure(fmt::format("unknown command '{}'{}", name, near ? fmt::format("; did you mean '{}'?", *near) : std::string()),
                      "run 'gpuspec --help' for the list of commands\n");
}

}  // namespace

namespace {

int run_command(int argc, char** argv) {
  std::vector<std::string> args(argv + 1, argv + argc);
  if (args.empty()) {
    std::fputs(program_help().c_str(), stderr);
    return kExitToolFailure;
  }
  const std::string command = args.front();
  std::vector<std::string> rest(args.begin() + 1, args.end());
  try {
    if (command == "--version" || command == "-V" || command == "version") {
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

}  // namespace

int run(int argc, char** argv) {
  int status = run_command(argc, argv);
  // Findings that never reached standard output (a full disk, a closed file) must not
  // pass as a clean run: the command's exit status would say "no errors" about output
  // nobody can read.
  std::cout.flush();
  bool failed = !std::cout.good();
  errno = 0;
  if (std::fflush(stdout) != 0 || std::ferror(stdout)) failed = true;
  if (failed) {
    int error = errno;
    return tool_failure(fmt::format("cannot write to standard output{}", error ? fmt::format(": {}", std::strerror(error)) : std::string()));
  }
  return status;
}

}  // namespace gpuspec::driver
