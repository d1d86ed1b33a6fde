// `gpuspec completions bash|zsh|fish`: a completion script from the command table.
#include <fmt/format.h>

#include <algorithm>
#include <cstdio>

#include "driver/commands.h"
#include "driver/completions.h"
#include "driver/help.h"
#include "driver/session.h"
#include "sema/schema.h"

namespace gpuspec::driver {

int run_completions(const std::vector<std::string>& raw_args) {
  ParsedArgs args;
  if (auto exit = parse_command_line("completions", raw_args, args)) return *exit;
  const std::string& shell = args.positionals.front();
  if (shell != "bash" && shell != "zsh" && shell != "fish") {
    return tool_failure(fmt::format("unknown shell '{}'; expected bash, zsh or fish", shell));
  }
  CompletionWords words;
  Session session(LibraryOptions{});
  for (const auto& policy : session.policies().policies()) words.rules.push_back(policy.id);
  for (const auto& kind : sema::catalog_kinds()) words.kinds.emplace_back(kind.kind);
  std::sort(words.rules.begin(), words.rules.end());
  std::string script = shell == "bash" ? bash_completion(words) : shell == "zsh" ? zsh_completion(words) : fish_completion(words);
  std::fputs(script.c_str(), stdout);
  return kExitClean;
}

}  // namespace gpuspec::driver
