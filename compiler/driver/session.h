// What every subcommand shares: the source manager, the loaded library (embedded
// stdlib and policy pack, or development copies from --stdlib / --policies-dir), and
// the diagnostics found while loading it.
#pragma once

#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "backends/cost/price_book.h"
#include "backends/writers/atomic_write.h"
#include "diag/diagnostic.h"
#include "source/spec_walk.h"
#include "lint/policy.h"
#include "sema/program.h"
#include "source/source.h"

namespace gpuspec::driver {

// User price books (--prices FILE...) as loaded and checked: kept by the session so a
// run over many spec files parses them once, not once per file.
struct PriceFiles {
  std::vector<sema::Program> programs;
  std::vector<Diagnostic> diagnostics;  // what loading and checking them reported
  std::string error;                    // a file that could not be read, else ""
  // Each file's price entries (the programs' files in order), read once for the run.
  std::vector<std::pair<const SourceFile*, std::shared_ptr<const cost::PriceLayer>>> layers;
};

struct LibraryOptions {
  std::optional<std::string> stdlib_dir;  // replaces the embedded stdlib
  std::vector<std::string> policy_dirs;   // --policies DIR: user policy folders
};

class Session {
 public:
  explicit Session(const LibraryOptions& options);

  SourceManager& sources() { return sources_; }
  const sema::Library& library() const { return library_; }
  // The built-in pack plus user policy folders, type-checked when loaded.
  const lint::PolicySet& policies() const { return policies_; }
  // Problems in the library or in policy files (parse, duplicates, schema, policy
  // type errors); normally none. They are reported before any spec is linted.
  const std::vector<Diagnostic>& library_diagnostics() const { return library_diags_.diagnostics(); }
  // The files of the file system this session read (specs, imports, price books,
  // policy and stdlib folders): an output write must never replace one of them.
  std::vector<std::string> input_paths() const;
  // Set when --stdlib or a policy folder cannot be read completely.
  const std::optional<std::string>& load_error() const { return load_error_; }
  // The price books `paths`, loaded and checked on the first request for that list.
  const PriceFiles& price_files(const std::vector<std::string>& paths);
  // The stdlib's price entries, read when a book first looks one up (a check whose rules
  // read no cost fact never does) and shared by every file and thread of the run (each
  // file's book adds its own entries on top).
  std::shared_ptr<const cost::DeferredPriceLayer> library_prices() const { return library_prices_; }

 private:
  SourceManager sources_;
  sema::Library library_;
  DiagnosticEngine library_diags_;
  std::optional<std::string> load_error_;
  std::optional<sema::Program> user_policies_;
  lint::PolicySet policies_;
  std::mutex price_files_mutex_;  // check --jobs asks from several threads
  std::map<std::vector<std::string>, std::unique_ptr<PriceFiles>> price_files_;
  std::shared_ptr<const cost::DeferredPriceLayer> library_prices_;
};

// Prints the library's or policy files' errors to stderr and returns true when there
// are any: commands that describe the rules must not describe a half-loaded pack.
bool report_broken_library(Session& session);

struct ParsedArgs;
// How a command writes -o: generated files, --force from the command line, and the
// files the session read as inputs (never to be overwritten).
writers::WriteOptions output_options(const ParsedArgs& args, const Session& session);

// Files named on the command line: folders expand to their *.gpuspec files,
// recursively, in sorted order (spec_walk.h). A path that does not exist is returned
// in `missing`; what a folder walk could not read or skipped, in `problems`.
struct CollectedPaths {
  std::vector<std::string> files;
  std::vector<std::string> missing;
  std::vector<WalkProblem> problems;
};
CollectedPaths collect_spec_files(const std::vector<std::string>& paths);

}  // namespace gpuspec::driver
