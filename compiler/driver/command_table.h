// Every command and option of `gpuspec`, in one table: the argument parser, each
// command's --help, `gpuspec --help` and the shell completions are all generated
// from it, so an option cannot exist in one of them and be missing in another.
#pragma once

#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "driver/args.h"

namespace gpuspec::driver {

// What a shell should offer for an option's value or a positional argument.
enum class Completion {
  None,    // free text
  Spec,    // .gpuspec files and folders
  File,    // any file
  Folder,  // folders only
  Rule,    // a rule id of the built-in pack
  Kind,    // a catalog kind
  Shell,   // bash, zsh, fish
};

struct OptionSpec {
  std::string_view name;   // "--format", "-o"
  std::string_view value;  // the metavariable ("FORMAT"); empty for a flag
  std::string_view help;   // one line
  bool repeatable = false;
  Completion completion = Completion::None;
  std::vector<std::string_view> choices = {};  // the accepted values, when they are a fixed list
};

using CommandRunner = int (*)(const std::vector<std::string>&);

struct CommandSpec {
  std::string_view name;
  std::vector<std::string_view> synopses;  // after "gpuspec NAME "; several for several forms
  std::string_view summary;                // one line for `gpuspec --help`
  std::string_view description;            // paragraphs for `gpuspec NAME --help`
  std::vector<OptionSpec> options;         // --help is added to every command
  std::size_t min_positionals = 0;
  std::size_t max_positionals = SIZE_MAX;
  std::string_view positional_name;        // for "expected ..." messages: "FILE", "RULE"
  Completion positional = Completion::None;
  std::string_view exit_status;
  CommandRunner run = nullptr;
};

std::span<const CommandSpec> commands();
const CommandSpec* find_command(std::string_view name);

// The parser's view of a command's options (with --help and -h).
ArgSpec arg_spec(const CommandSpec& command);

}  // namespace gpuspec::driver
