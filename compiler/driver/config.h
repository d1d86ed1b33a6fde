// `gpuspec.json`: per-project lint settings, found upward from each linted file
// (the nearest one wins, as with ruff's pyproject.toml; the search stops at the
// filesystem root). Command-line flags override it.
//
//   {"select": ["memory", "power.*"], "ignore": ["ops.*"], "severity": {"rule": "warning"},
//    "policies": ["folder relative to this file"], "fail-on": "warning",
//    "exclude": ["policy-tests"], "prices": ["prices/quotes.gpuspec"]}
//
// "prices" names price-book files (relative to the config, and inside its folder: a
// config may not make gpuspec read a file outside the project) that check, bom,
// quote, suggest, facts and the language server add to the stdlib's price book;
// `--prices FILE` adds to them.
//
// "select" and "ignore" take rule patterns (lint/rule_selection.h); "disable" is the
// older name of "ignore" and adds to it.
//
// "exclude" names folders (relative to the config) that `gpuspec check` skips when
// it searches a folder: a project's policy tests, whose specs fire on purpose. A
// file named on the command line is always checked.
//
// An empty file is valid (it only marks the project root, see source/confinement.h).
// A malformed or unusable file (a dangling link, a FIFO, a folder, not UTF-8, not an
// object) or an unknown key is a tool failure (exit 2) naming the file: a typo or a
// broken link in a config must never silently turn a rule off. A policy folder it names
// must lie inside its project root.
#pragma once

#include <filesystem>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "diag/diagnostic.h"
#include "lint/rule_selection.h"

namespace gpuspec::driver {

inline constexpr const char* kConfigFileName = "gpuspec.json";

struct LintConfig {
  std::string path;  // the file it was read from; empty for the defaults
  lint::RuleSelection rules;  // which rules run
  std::map<std::string, Severity> severities;
  std::vector<std::string> policy_dirs;  // already resolved against the config's folder
  std::optional<Severity> fail_on;
  std::vector<std::string> excluded;  // folders, already resolved against the config's folder
  std::vector<std::string> price_files;  // "prices": resolved against the config's folder, inside it
};

// The price books a command reads: the config's "prices", then each --prices flag.
std::vector<std::string> price_paths(const LintConfig& config, const std::vector<std::string>& flags);

// Whether `file` lies in one of the config's excluded folders.
bool is_excluded(const LintConfig& config, const std::string& file);

// Parses the text of a config file read from `path`. On failure returns nullopt and
// sets `error` to "PATH: what is wrong" (line and column for JSON syntax errors).
std::optional<LintConfig> parse_config(std::string_view text, const std::string& path, std::string& error);

// Reads and parses `path`; a missing or unreadable file is an error too.
std::optional<LintConfig> load_config(const std::string& path, std::string& error);

// The nearest gpuspec.json in the folder of `file` or any folder above it, up to
// `ceiling` when one is given (the language server's workspace folder: it reads
// nothing above it). Anything named gpuspec.json counts, even a dangling link or a
// FIFO, so that load_config reports it. Remembers every folder it has looked at, so a
// run over many files in one tree reads each folder once.
class ConfigFinder {
 public:
  explicit ConfigFinder(std::optional<std::filesystem::path> ceiling = std::nullopt) : ceiling_(std::move(ceiling)) {}
  std::optional<std::string> nearest(const std::string& file);

 private:
  std::optional<std::filesystem::path> ceiling_;
  std::map<std::filesystem::path, std::optional<std::string>> by_folder_;
};

// Command-line settings, applied over whatever a config says (as ruff's flags over its
// pyproject.toml).
struct LintOverrides {
  std::vector<std::string> policy_dirs;  // added to the config's
  std::optional<std::vector<std::string>> select;  // --select: replaces the config's
  std::vector<std::string> ignore;       // --ignore and --disable: added to the config's
  std::map<std::string, Severity> severities;  // replace the config's for these rules
  std::optional<Severity> fail_on;       // replaces the config's
};
LintConfig apply_overrides(LintConfig config, const LintOverrides& overrides);

// "error", "warning", "info" (not "note"); nullopt for anything else.
std::optional<Severity> parse_rule_level(std::string_view text);

// A rule pattern of --select, --ignore or a config that names no policy, or a rule of
// --severity that no policy has, is a typo that would silently do nothing: returns the
// message refusing it (with a did-you-mean), or nullopt.
std::optional<std::string> unknown_rule(const LintConfig& config, const std::vector<std::string_view>& known_rules);

// Today's date as YYYY-MM-DD (UTC) for waiver expiry; GPUSPEC_TODAY pins it.
std::string today_for_waivers();

}  // namespace gpuspec::driver
