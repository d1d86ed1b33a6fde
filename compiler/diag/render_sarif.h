// SARIF 2.1.0 for `gpuspec check --format sarif` (GitHub code scanning, Azure
// DevOps, IDE viewers). One run; every diagnostic is a result, policy findings and
// compiler diagnostics (syntax, unknown-unit, ...) alike, each under a rule of its
// own id. Waived findings stay in the log with an inSource suppression.
//
// Locations: artifactLocation.uri is the path as the user named it (relative paths
// stay relative), percent-encoded; absolute paths become file:// URIs. Files embedded
// in the binary ("<stdlib>/gpus/x.gpuspec", "<policies>/memory.gpuspec") are relative
// to a uriBaseId (GPUSPEC_STDLIB, GPUSPEC_POLICIES) that run.originalUriBaseIds
// describes, since they have no address on the user's disk. Columns are
// Unicode code points (run.columnKind says so) and endColumn is exclusive, which is
// what SARIF means by it. Notes with a location become relatedLocations; notes
// without one and the hint are appended to message.text, one per line.
#pragma once

#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "diag/diagnostic.h"
#include "source/source.h"

namespace gpuspec {

inline constexpr const char* kSarifSchemaUri = "https://json.schemastore.org/sarif-2.1.0.json";

struct SarifRule {
  std::string id;
  std::string short_description;  // one line
  std::string full_description;   // the doc; falls back to the short description
  std::string help_text;          // plain text for help.text
  std::string help_uri;           // helpUri, only where a real page exists; empty: none
  Severity default_severity = Severity::Warning;
};

struct SarifOptions {
  std::string tool_version;
  std::string information_uri;  // the tool's home page; empty: none is written
};

// The log, as nlohmann's dump(2) would write it, built a result at a time. `rules`
// describes the known rules (the policies of the run); any id a result uses that is
// not among them gets a rule of its own ("compiler diagnostic"). Rules are listed
// sorted by id; results keep the order they are added in. Each result is rendered when
// its file is checked (append_result; `check` frees the file's text afterwards) and held
// as text, since the rules come first and a compiler diagnostic's id joins them;
// finish() writes the log with each result's ruleIndex filled in, without a DOM of
// every result in memory.
class SarifLogWriter {
 public:
  SarifLogWriter(std::vector<SarifRule> rules, SarifOptions options) : rules_(std::move(rules)), options_(std::move(options)) {}
  // One result's dump(2), with a placeholder for its ruleIndex.
  static void append_result(std::string& out, const Diagnostic& d, const SourceManager& sources);
  // A result from append_result, with its diagnostic's id and severity.
  void add(std::string_view rendered, std::string_view id, Severity severity);
  // Writes the log in pieces, in order.
  void finish(const std::function<void(std::string_view)>& write);

 private:
  struct Result {
    std::string text;
    std::size_t placeholder_at;
    std::string id;
    Severity severity;
  };
  std::vector<SarifRule> rules_;
  SarifOptions options_;
  std::vector<Result> results_;
};

// "examples/bad/x y.gpuspec" -> "examples/bad/x%20y.gpuspec"; "/abs/p" -> "file:///abs/p".
std::string path_to_uri(const std::string& path);

}  // namespace gpuspec
