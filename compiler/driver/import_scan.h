// Which files a check of one root file can report diagnostics in, known before the file
// is parsed, so `check` can write the diagnostics of earlier files while later ones
// are still being checked (its output is sorted by path across a config group, and a
// file may import one whose path sorts before diagnostics already due).
//
// A quick read of the import lines, not a parse: it answers only when the file's
// imports are certainly what the parser will find, and says "unknown" otherwise, which
// makes `check` hold output until that file is done. Output order never depends on it,
// only how soon output is written.
#pragma once

#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace gpuspec::driver {

// The paths of `text`'s `import "..."` lines, in order, when the file is a run of
// comments, blanks and `import "plain/path" ;?` lines followed by text holding no
// other "import" at all (so the parser can find no import these did not list).
// nullopt when it cannot be sure: an escape in a path, an unterminated comment, an
// "import" anywhere else.
std::optional<std::vector<std::string>> scan_imports(std::string_view text);

// The lowest path (by byte order, as diagnostics are sorted) among the files a check of
// a root file loads: the root as named and every file of its import closure, named as
// sema's loader names them. Shared imports are read and scanned once.
class ImportPaths {
 public:
  // `root_text` is the root file's text (already read). nullopt when any file of the
  // closure cannot be scanned with certainty.
  std::optional<std::string> lowest_path(const std::string& root, std::string_view root_text);

 private:
  const std::optional<std::vector<std::string>>& imports_of(const std::filesystem::path& canonical);

  std::map<std::filesystem::path, std::optional<std::vector<std::string>>> scanned_;
};

}  // namespace gpuspec::driver
