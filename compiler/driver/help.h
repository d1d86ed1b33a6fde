// Help texts and argument parsing for every command, generated from the command
// table (command_table.h).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "driver/args.h"
#include "driver/command_table.h"

namespace gpuspec::driver {

// `gpuspec NAME --help`.
std::string command_help(const CommandSpec& command);
// `gpuspec --help`: every command with its summary.
std::string program_help();

// Parses a command's arguments against its table entry. Returns an exit code when
// the command must stop here: 0 after printing --help, 2 after reporting a bad
// option (with a did-you-mean) or a wrong number of arguments.
std::optional<int> parse_command_line(std::string_view name, const std::vector<std::string>& raw, ParsedArgs& out);

}  // namespace gpuspec::driver
