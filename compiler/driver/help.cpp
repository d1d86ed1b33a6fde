#include "driver/help.h"

#include <fmt/format.h>

#include <algorithm>
#include <cstdio>

#include "driver/commands.h"
#include "sema/suggest.h"

namespace gpuspec::driver {

namespace {

std::string option_label(const OptionSpec& option) {
  return option.value.empty() ? std::string(option.name) : fmt::format("{} {}", option.name, option.value);
}

// `name` padded to `width`, then `text`; a label too long for the column gets the
// text two spaces after it.
std::string table_row(std::string_view name, std::string_view text, std::size_t width) {
  return fmt::format("  {:<{}}  {}\n", name, width, text);
}

}  // namespace

std::string command_help(const CommandSpec& command) {
  std::string out;
  for (std::size_t i = 0; i < command.synopses.size(); ++i) {
    out += fmt::format("{} gpuspec {} {}\n", i ? "      " : "usage:", command.name, command.synopses[i]);
  }
  if (!command.description.empty()) out += fmt::format("\n{}\n", command.description);
  std::size_t width = std::string_view("-h, --help").size();
  for (const auto& option : command.options) width = std::max(width, std::min<std::size_t>(option_label(option).size(), 22));
  out += "\noptions:\n";
  for (const auto& option : command.options) out += table_row(option_label(option), option.help, width);
  out += table_row("-h, --help", "this help", width);
  if (!command.exit_status.empty()) out += fmt::format("\nexit status: {}\n", command.exit_status);
  return out;
}

std::string program_help() {
  std::string out = "usage: gpuspec <command> [options]\n\ncommands:\n";
  std::size_t width = 0;
  for (const auto& command : commands()) width = std::max(width, command.name.size());
  for (const auto& command : commands()) out += table_row(command.name, command.summary, width);
  out += "\n  gpuspec <command> --help   the options of one command\n";
  out += "  gpuspec --version, -V      the version and the commit it was built from\n";
  return out;
}

std::optional<int> parse_command_line(std::string_view name, const std::vector<std::string>& raw, ParsedArgs& out) {
  const CommandSpec* command = find_command(name);
  if (!command) return tool_failure(fmt::format("unknown command '{}'", name));
  std::string see_help = fmt::format("run 'gpuspec {} --help' for its options", name);
  std::string error;
  out = parse_args(raw, arg_spec(*command), error);
  if (!error.empty()) {
    if (out.unknown_option) {
      std::vector<std::string_view> names{"--help"};
      for (const auto& option : command->options) names.push_back(option.name);
      if (auto near = sema::nearest(*out.unknown_option, names)) error += fmt::format("; did you mean '{}'?", *near);
    }
    return tool_failure(error, see_help + "\n");
  }
  if (out.has("--help") || out.has("-h")) {
    std::fputs(command_help(*command).c_str(), stdout);
    return kExitClean;
  }
  std::size_t given = out.positionals.size();
  if (given < command->min_positionals) {
    return tool_failure(fmt::format("'gpuspec {}' needs {}{}", name, command->min_positionals > 1 ? "" : "a ",
                                    command->positional_name),
                        fmt::format("usage: gpuspec {} {}\n{}\n", name, command->synopses.front(), see_help));
  }
  if (given > command->max_positionals) {
    return tool_failure(fmt::format("unexpected argument '{}'", out.positionals[command->max_positionals]),
                        fmt::format("usage: gpuspec {} {}\n{}\n", name, command->synopses.front(), see_help));
  }
  return std::nullopt;
}

}  // namespace gpuspec::driver
