#include "driver/args.h"

namespace gpuspec::driver {

ParsedArgs parse_args(const std::vector<std::string>& args, const ArgSpec& spec, std::string& error) {
  ParsedArgs out;
  bool only_positionals = false;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& arg = args[i];
    if (only_positionals || arg.size() < 2 || arg[0] != '-' || arg == "-") {
      out.positionals.push_back(arg);
      continue;
    }
    if (arg == "--") {
      only_positionals = true;
      continue;
    }
    std::string name = arg;
    std::optional<std::string> inline_value;
    if (auto eq = arg.find('='); eq != std::string::npos && arg.rfind("--", 0) == 0) {
      name = arg.substr(0, eq);
      inline_value = arg.substr(eq + 1);
    }
    if (spec.flags.count(name)) {
      if (inline_value) {
        error = "option '" + name + "' takes no value";
        return out;
      }
      out.flags.insert(name);
      continue;
    }
    if (spec.options.count(name)) {
      std::string value;
      if (inline_value) {
        value = *inline_value;
      } else if (i + 1 < args.size()) {
        value = args[++i];
      } else {
        error = "option '" + name + "' needs a value";
        return out;
      }
      auto& slot = out.options[name];
      if (!slot.empty() && !spec.repeatable.count(name)) {
        error = "option '" + name + "' given more than once";
        return out;
      }
      slot.push_back(value);
      continue;
    }
    error = "unknown option '" + name + "'";
    out.unknown_option = name;
    return out;
  }
  return out;
}

}  // namespace gpuspec::driver
