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

#include <ostream>
#include <string>
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

// Diagnostics of one source manager (a run can check files under several configs,
// each with its own session).
struct SarifSource {
  const std::vector<Diagnostic>* diagnostics;
  const SourceManager* sources;
};

// `rules` describes the known rules (the policies of the run); any id a result
// uses that is not among them gets a rule of its own ("compiler diagnostic").
// Rules are listed sorted by id; results keep the order they are given in.
nlohmann::ordered_json diagnostics_to_sarif(const std::vector<SarifSource>& inputs, std::vector<SarifRule> rules,
                                            const SarifOptions& options);

// The same log written as it goes: the bytes of diagnostics_to_sarif(...).dump(2), one
// result at a time, without a DOM of every result in memory.
void write_sarif(std::ostream& out, const std::vector<SarifSource>& inputs, std::vector<SarifRule> rules,
                 const SarifOptions& options);

// "examples/bad/x y.gpuspec" -> "examples/bad/x%20y.gpuspec"; "/abs/p" -> "file:///abs/p".
std::string path_to_uri(const std::string& path);

}  // namespace gpuspec
