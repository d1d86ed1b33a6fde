#include "driver/config.h"

#include <fmt/format.h>

#include <algorithm>
#include <cstdlib>
#include <ctime>

#include <nlohmann/json.hpp>

#include "sema/suggest.h"
#include "source/confinement.h"
#include "source/json_io.h"

namespace gpuspec::driver {

namespace fs = std::filesystem;

namespace {

using Json = nlohmann::json;

bool string_list(const Json& value, std::string_view key, const std::string& path, std::vector<std::string>& out,
                 std::string& error) {
  if (!value.is_array()) {
    error = fmt::format("{}: \"{}\" must be a list of strings, not {}", path, key, value.type_name());
    return false;
  }
  for (const auto& item : value) {
    if (!item.is_string()) {
      error = fmt::format("{}: \"{}\" must be a list of strings, but has {} {}", path, key,
                          item.is_object() || item.is_array() ? "an" : "a", item.type_name());
      return false;
    }
    out.push_back(item.get<std::string>());
  }
  return true;
}

// A path a config names for gpuspec to read (a policy folder), resolved against the
// config's folder: the config is the repository's, so like an import it may not reach
// outside the project root (source/confinement.h). Returned as the user would write it
// (relative stays relative); nullopt with `error` set otherwise.
std::optional<std::string> path_inside_project(const std::string& config_path, std::string_view key,
                                               const std::string& named, std::string& error) {
  fs::path folder = fs::path(config_path).parent_path();
  std::string problem;
  std::error_code ec;
  if (!ProjectRoot::of_file(config_path).resolve(fs::absolute(folder.empty() ? "." : folder, ec), named, problem)) {
    error = fmt::format("{}: \"{}\": cannot use '{}': {}", config_path, key, named, problem);
    return std::nullopt;
  }
  fs::path p(named);
  return p.is_absolute() || folder.empty() ? p.string() : (folder / p).lexically_normal().string();
}

// What a key's reader gets: the value, where the config is, and where to put it.
struct KeyContext {
  const Json& value;
  std::string_view key;
  const std::string& path;  // the config file, for messages
  const fs::path& folder;   // its folder, for relative paths
  LintConfig& config;
  std::string& error;
};

// Folders relative to the config's. `exclude` is only compared with paths, never read;
// `policies` are read, so they must stay inside the project (path_inside_project).
bool read_folders(const KeyContext& c, std::vector<std::string>& into, bool read_by_gpuspec) {
  std::vector<std::string> dirs;
  if (!string_list(c.value, c.key, c.path, dirs, c.error)) return false;
  for (const auto& dir : dirs) {
    if (read_by_gpuspec) {
      auto inside = path_inside_project(c.path, c.key, dir, c.error);
      if (!inside) return false;
      into.push_back(std::move(*inside));
      continue;
    }
    fs::path p(dir);
    into.push_back(p.is_absolute() || c.folder.empty() ? p.string() : (c.folder / p).lexically_normal().string());
  }
  return true;
}

bool read_level(const KeyContext& c, std::optional<Severity>& into) {
  into = c.value.is_string() ? parse_rule_level(c.value.get<std::string>()) : std::nullopt;
  if (into) return true;
  c.error = fmt::format("{}: \"{}\" must be \"error\", \"warning\" or \"info\", not {}", c.path, c.key, dump_json(c.value, -1));
  return false;
}

bool read_severities(const KeyContext& c) {
  if (!c.value.is_object()) {
    c.error = fmt::format("{}: \"severity\" must be an object mapping rule ids to levels, not {}", c.path, c.value.type_name());
    return false;
  }
  for (const auto& [rule, level] : c.value.items()) {
    auto parsed = level.is_string() ? parse_rule_level(level.get<std::string>()) : std::nullopt;
    if (!parsed) {
      c.error = fmt::format("{}: \"severity\": \"{}\" must be \"error\", \"warning\" or \"info\", not {}", c.path, rule,
                            dump_json(level, -1));
      return false;
    }
    c.config.severities[rule] = *parsed;
  }
  return true;
}

// One row per key gpuspec.json may hold, in the order the unknown-key message lists them.
struct KeyReader {
  std::string_view key;
  bool (*read)(const KeyContext&);
};
constexpr KeyReader kKeys[] = {
    {"select",
     [](const KeyContext& c) { return string_list(c.value, c.key, c.path, c.config.rules.select.emplace(), c.error); }},
    {"ignore", [](const KeyContext& c) { return string_list(c.value, c.key, c.path, c.config.rules.ignore, c.error); }},
    {"disable", [](const KeyContext& c) { return string_list(c.value, c.key, c.path, c.config.rules.ignore, c.error); }},
    {"severity", read_severities},
    {"policies", [](const KeyContext& c) { return read_folders(c, c.config.policy_dirs, true); }},
    {"fail-on", [](const KeyContext& c) { return read_level(c, c.config.fail_on); }},
    {"exclude", [](const KeyContext& c) { return read_folders(c, c.config.excluded, false); }},
    // Price books are read like policy folders: inside the project only.
    {"prices", [](const KeyContext& c) { return read_folders(c, c.config.price_files, true); }},
};

std::string unknown_key(std::string_view key, const std::string& path) {
  std::vector<std::string_view> keys;
  for (const auto& reader : kKeys) keys.push_back(reader.key);
  if (auto near = sema::nearest(key, keys)) return fmt::format("{}: unknown key \"{}\"; did you mean \"{}\"?", path, key, *near);
  std::vector<std::string> quoted;
  for (auto k : keys) quoted.push_back(fmt::format("\"{}\"", k));
  std::string last = quoted.back();
  quoted.pop_back();
  return fmt::format("{}: unknown key \"{}\"; the keys are {} and {}", path, key, fmt::join(quoted, ", "), last);
}

}  // namespace

std::vector<std::string> price_paths(const LintConfig& config, const std::vector<std::string>& flags) {
  std::vector<std::string> out = config.price_files;
  out.insert(out.end(), flags.begin(), flags.end());
  return out;
}

std::optional<Severity> parse_rule_level(std::string_view text) {
  auto level = parse_severity(text);
  if (!level || *level == Severity::Note) return std::nullopt;
  return level;
}

std::optional<LintConfig> parse_config(std::string_view text, const std::string& path, std::string& error) {
  // An empty gpuspec.json only marks a project root (imports stay inside it).
  if (text.find_first_not_of(" \t\r\n") == std::string_view::npos) {
    LintConfig empty;
    empty.path = path;
    return empty;
  }
  std::string problem;
  auto parsed = parse_json_input(text, problem);  // nesting bounded: a config cannot crash the reader
  if (!parsed) {
    error = fmt::format("{}: invalid JSON: {}", path, problem);
    return std::nullopt;
  }
  const Json& root = *parsed;
  if (!root.is_object()) {
    error = fmt::format("{}: expected a JSON object, not {}", path, root.type_name());
    return std::nullopt;
  }
  LintConfig config;
  config.path = path;
  fs::path folder = fs::path(path).parent_path();
  for (const auto& [key, value] : root.items()) {
    const KeyReader* reader = nullptr;
    for (const auto& r : kKeys) {
      if (r.key == key) reader = &r;
    }
    if (!reader) {
      error = unknown_key(key, path);
      return std::nullopt;
    }
    if (!reader->read(KeyContext{value, reader->key, path, folder, config, error})) return std::nullopt;
  }
  return config;
}

bool is_excluded(const LintConfig& config, const std::string& file) {
  std::error_code ec;
  fs::path at = fs::weakly_canonical(fs::absolute(file, ec), ec);
  for (const auto& dir : config.excluded) {
    if (is_within(at, fs::weakly_canonical(fs::absolute(dir, ec), ec))) return true;
  }
  return false;
}

std::optional<LintConfig> load_config(const std::string& path, std::string& error) {
  std::string reason;
  auto text = read_input_file(path, reason);
  if (!text) {
    std::error_code ec;
    if (fs::is_symlink(fs::symlink_status(path, ec)) && !fs::exists(path, ec)) {
      reason = fmt::format("it is a symbolic link to '{}', which does not exist", fs::read_symlink(path, ec).string());
    }
    error = fmt::format("cannot read config '{}': {}", path, reason);
    return std::nullopt;
  }
  return parse_config(*text, path, error);
}

std::optional<std::string> ConfigFinder::nearest(const std::string& file) {
  std::error_code ec;
  fs::path folder = fs::absolute(fs::path(file), ec).parent_path();
  std::vector<fs::path> visited;
  std::optional<std::string> found;
  while (true) {
    if (auto it = by_folder_.find(folder); it != by_folder_.end()) {
      found = it->second;
      break;
    }
    visited.push_back(folder);
    fs::path candidate = folder / kConfigFileName;
    // Anything of that name is the config, usable or not (a dangling link, a FIFO, a
    // folder, a link to /dev/null): load_config then fails on it, so the team's
    // settings never vanish in silence.
    if (fs::exists(fs::symlink_status(candidate, ec))) {
      // Report the path the way the user named the file: relative stays relative.
      fs::path shown = candidate.lexically_relative(fs::current_path(ec));
      found = (!shown.empty() && *shown.begin() != "..") ? shown.string() : candidate.string();
      break;
    }
    if (folder == folder.root_path() || folder.parent_path() == folder || (ceiling_ && folder == *ceiling_)) break;
    folder = folder.parent_path();
  }
  for (const auto& f : visited) by_folder_[f] = found;
  return found;
}

LintConfig apply_overrides(LintConfig config, const LintOverrides& overrides) {
  config.policy_dirs.insert(config.policy_dirs.end(), overrides.policy_dirs.begin(), overrides.policy_dirs.end());
  if (overrides.select) config.rules.select = overrides.select;
  config.rules.ignore.insert(config.rules.ignore.end(), overrides.ignore.begin(), overrides.ignore.end());
  for (const auto& [rule, level] : overrides.severities) config.severities[rule] = level;
  if (overrides.fail_on) config.fail_on = overrides.fail_on;
  return config;
}

std::optional<std::string> unknown_rule(const LintConfig& config, const std::vector<std::string_view>& known_rules) {
  std::string where = config.path.empty() ? "on the command line" : fmt::format("(in {} or on the command line)", config.path);
  if (auto problem = lint::pattern_naming_no_rule(config.rules, known_rules, where)) return problem;
  for (const auto& [rule, level] : config.severities) {
    if (std::find(known_rules.begin(), known_rules.end(), rule) != known_rules.end()) continue;
    return lint::naming_no_rule(rule, known_rules, where);
  }
  return std::nullopt;
}

std::string today_for_waivers() {
  if (const char* pinned = std::getenv("GPUSPEC_TODAY"); pinned && *pinned) return pinned;
  std::time_t now = std::time(nullptr);
  std::tm utc{};
  gmtime_r(&now, &utc);
  char buffer[11];
  std::strftime(buffer, sizeof buffer, "%Y-%m-%d", &utc);
  return buffer;
}

}  // namespace gpuspec::driver
