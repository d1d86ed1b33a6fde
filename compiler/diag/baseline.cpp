#include "diag/baseline.h"

#include <fmt/format.h>

#include <algorithm>
#include <nlohmann/json.hpp>
#include <tuple>

#include "source/confinement.h"
#include "source/json_io.h"

namespace gpuspec {

namespace fs = std::filesystem;

namespace {

std::string fnv1a64(std::string_view text) {
  std::uint64_t hash = 0xcbf29ce484222325ull;
  for (unsigned char c : text) {
    hash ^= c;
    hash *= 0x100000001b3ull;
  }
  return fmt::format("{:016x}", hash);
}

// The key of the property on the finding's first line: `memory` in `  memory = 4 x ...`.
std::string property_key(const Diagnostic& d, const SourceManager& sources) {
  if (!d.range.valid()) return {};
  const SourceFile& file = sources.file(d.range.file);
  std::string_view line = file.line_text(file.line_column(d.range.begin).line);
  auto eq = line.find('=');
  std::string_view key = eq == std::string_view::npos ? std::string_view() : line.substr(0, eq);
  auto first = key.find_first_not_of(" \t{;,");
  if (first == std::string_view::npos) return {};
  key = key.substr(first);
  key = key.substr(0, key.find_last_not_of(" \t") + 1);
  // `network { fabric = ...`: the key is the last word before `=`.
  if (auto space = key.find_last_of(" \t{;,"); space != std::string_view::npos) key = key.substr(space + 1);
  return std::string(key);
}

}  // namespace

bool operator<(const BaselineEntry& a, const BaselineEntry& b) {
  return std::tie(a.file, a.declaration, a.rule, a.fingerprint) < std::tie(b.file, b.declaration, b.rule, b.fingerprint);
}

std::optional<Baseline> Baseline::load(const std::string& path, std::string& error) {
  std::string io_error;
  auto text = read_input_file(path, io_error);
  if (!text) {
    error = fmt::format("cannot read baseline '{}': {}", path, io_error);
    return std::nullopt;
  }
  std::error_code ec;
  Baseline baseline(fs::weakly_canonical(fs::absolute(path, ec), ec).parent_path());
  std::string malformed;
  auto parsed = parse_json_input(*text, malformed);  // nesting bounded, like every JSON gpuspec reads
  nlohmann::json json = parsed ? std::move(*parsed) : nlohmann::json();
  if (!json.is_object() || json.value("version", 0) != 1 || !json.contains("findings") || !json["findings"].is_array()) {
    error = fmt::format("'{}' is not a gpuspec baseline (write one with --write-baseline)", path);
    return std::nullopt;
  }
  for (const auto& f : json["findings"]) {
    if (!f.is_object() || !f.contains("rule") || !f["rule"].is_string() || !f.contains("file") || !f["file"].is_string() ||
        !f.contains("fingerprint") || !f["fingerprint"].is_string()) {
      error = fmt::format("'{}': every finding needs rule, file and fingerprint strings", path);
      return std::nullopt;
    }
    std::string declaration = f.contains("declaration") && f["declaration"].is_string() ? f["declaration"].get<std::string>() : "";
    baseline.add({f["rule"], f["file"], declaration, f["fingerprint"]});
  }
  return baseline;
}

BaselineEntry Baseline::entry_for(const Diagnostic& finding, const SourceManager& sources) const {
  std::string file;
  if (finding.range.valid()) {
    std::error_code ec;
    fs::path absolute = fs::weakly_canonical(fs::absolute(sources.file(finding.range.file).path(), ec), ec);
    file = absolute.lexically_relative(folder_).generic_string();
  }
  std::string key = property_key(finding, sources);
  return {finding.id, file, finding.declaration, fnv1a64(finding.id + '\0' + finding.declaration + '\0' + key)};
}

std::size_t Baseline::suppress_known(std::vector<Diagnostic>& findings, const SourceManager& sources,
                                     const std::vector<std::string_view>& rules) {
  used_.resize(entries_.size(), false);
  std::size_t covered = 0;
  for (auto& d : findings) {
    if (d.suppressed_by || std::find(rules.begin(), rules.end(), d.id) == rules.end()) continue;
    BaselineEntry entry = entry_for(d, sources);
    for (std::size_t i = 0; i < entries_.size(); ++i) {
      if (used_[i] || !(entries_[i] == entry)) continue;
      used_[i] = true;
      ++matched_;
      ++covered;
      d.suppressed_by = "in the baseline";
      d.suppressed_externally = true;
      break;
    }
  }
  return covered;
}

std::string Baseline::to_json() const {
  std::vector<BaselineEntry> sorted = entries_;
  std::sort(sorted.begin(), sorted.end());
  nlohmann::ordered_json findings = nlohmann::ordered_json::array();
  for (const auto& e : sorted) {
    findings.push_back({{"rule", e.rule}, {"file", e.file}, {"declaration", e.declaration}, {"fingerprint", e.fingerprint}});
  }
  nlohmann::ordered_json out{{"version", 1},
                             {"note", "gpuspec check --write-baseline: policy findings accepted for now; "
                                      "`gpuspec check --baseline` reports only findings not listed here"},
                             {"findings", std::move(findings)}};
  return dump_json(out) + "\n";
}

}  // namespace gpuspec
