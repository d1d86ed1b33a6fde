// `check --baseline FILE` / `--write-baseline FILE`, Checkov's model: the policy
// findings a team has accepted for now are recorded by rule, file, declaration and
// a fingerprint; later runs report only findings that are not in the baseline, so
// a new finding fails CI while the old ones are worked off.
//
// The fingerprint hashes the rule, the declaration and the key of the property the
// finding points at (`memory` in `memory = 4 x ...`): stable when lines move or the
// value changes, different for a second finding of the rule in another property.
// Compiler diagnostics (syntax, unknown names, ...) are never baselined: a file
// that does not check has no findings worth recording. File paths are relative to
// the baseline file's folder, so the baseline works from any working directory.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "diag/diagnostic.h"
#include "source/source.h"

namespace gpuspec {

struct BaselineEntry {
  std::string rule;
  std::string file;  // relative to the baseline's folder, '/'-separated
  std::string declaration;
  std::string fingerprint;
  friend bool operator<(const BaselineEntry& a, const BaselineEntry& b);
  friend bool operator==(const BaselineEntry& a, const BaselineEntry& b) = default;
};

class Baseline {
 public:
  // nullopt with `error` set when the file cannot be read or is not a baseline.
  static std::optional<Baseline> load(const std::string& path, std::string& error);
  explicit Baseline(std::filesystem::path folder) : folder_(std::move(folder)) {}

  // The entry a diagnostic would have (the caller decides which diagnostics are findings).
  BaselineEntry entry_for(const Diagnostic& finding, const SourceManager& sources) const;
  void add(BaselineEntry entry) { entries_.push_back(std::move(entry)); }
  // Marks each finding the baseline holds as suppressed ("in the baseline");
  // each entry covers one finding. Returns how many were covered.
  std::size_t suppress_known(std::vector<Diagnostic>& findings, const SourceManager& sources,
                             const std::vector<std::string_view>& rules);
  // Entries no finding of this run matched: fixed since the baseline was written.
  std::size_t unmatched() const { return entries_.size() - matched_; }
  std::size_t matched() const { return matched_; }

  std::string to_json() const;

 private:
  std::filesystem::path folder_;
  std::vector<BaselineEntry> entries_;
  std::vector<bool> used_;
  std::size_t matched_ = 0;
};

}  // namespace gpuspec
