// Shell completion scripts generated from the command table (command_table.h), the
// same table the argument parser and --help read. Rule ids and catalog kinds are
// written into the script, so completing them needs no call back into gpuspec.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace gpuspec::driver {

struct CompletionWords {
  std::vector<std::string> rules;  // rule ids of the built-in pack
  std::vector<std::string> kinds;  // catalog kinds
};

std::string bash_completion(const CompletionWords& words);
std::string zsh_completion(const CompletionWords& words);
std::string fish_completion(const CompletionWords& words);

}  // namespace gpuspec::driver
