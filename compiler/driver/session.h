// What every subcommand shares: the source manager, the loaded library (embedded
// stdlib and policy pack, or development copies from --stdlib / --policies-dir), and
// the diagnostics found while loading it.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "diag/diagnostic.h"
#include "sema/program.h"
#include "source/source.h"

namespace gpuspec::driver {

struct LibraryOptions {
  std::optional<std::string> stdlib_dir;  // replaces the embedded stdlib
};

class Session {
 public:
  explicit Session(const LibraryOptions& options);

  SourceManager& sources() { return sources_; }
  const sema::Library& library() const { return library_; }
  // Problems in the library itself (parse, duplicates, schema); normally none.
  const std::vector<Diagnostic>& library_diagnostics() const { return library_diags_.diagnostics(); }
  // Set when --stdlib names a folder that cannot be read.
  const std::optional<std::string>& load_error() const { return load_error_; }

 private:
  SourceManager sources_;
  sema::Library library_;
  DiagnosticEngine library_diags_;
  std::optional<std::string> load_error_;
};

// Files named on the command line: folders expand to their *.gpuspec files,
// recursively, in sorted order. An unreadable path is returned in `missing`.
struct CollectedPaths {
  std::vector<std::string> files;
  std::vector<std::string> missing;
};
CollectedPaths collect_spec_files(const std::vector<std::string>& paths);

}  // namespace gpuspec::driver
