// A small command-line parser: `--flag`, `--opt VALUE`, `--opt=VALUE`, positionals.
#pragma once

#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace gpuspec::driver {

struct ArgSpec {
  std::set<std::string> flags;              // take no value
  std::set<std::string> options;            // take one value
  std::set<std::string> repeatable;         // options that may repeat
};

struct ParsedArgs {
  std::set<std::string> flags;
  std::map<std::string, std::vector<std::string>> options;
  std::vector<std::string> positionals;
  std::optional<std::string> unknown_option;  // set with the "unknown option" error, for a did-you-mean

  bool has(const std::string& flag) const { return flags.count(flag) > 0; }
  std::optional<std::string> value(const std::string& option) const {
    auto it = options.find(option);
    if (it == options.end() || it->second.empty()) return std::nullopt;
    return it->second.back();
  }
  std::vector<std::string> values(const std::string& option) const {
    auto it = options.find(option);
    return it == options.end() ? std::vector<std::string>{} : it->second;
  }
};

// Returns the parsed arguments, or sets `error` to a one-line message.
ParsedArgs parse_args(const std::vector<std::string>& args, const ArgSpec& spec, std::string& error);

}  // namespace gpuspec::driver
