// Where gpuspec may read from: the one module every reader goes through (files named
// on the command line, imports, gpuspec.json and the folders it names, price books,
// baselines, output journals, and the language server). docs/security.md states the
// rules; in short:
//
//   - a file is read only if it is a regular file within the size cap (file_reader.h:
//     never a FIFO, a device or a folder, never more than GPUSPEC_MAX_FILE_SIZE);
//   - a path that a file's *contents* name (an import, a config's policy folder) must
//     resolve, symbolic links followed, inside the file's project root: the nearest
//     folder upward holding `.git` or `gpuspec.json` — or, in the language server, the
//     workspace folder holding the document;
//   - a document the language server cannot place in a workspace has no root: its
//     imports are not read at all.
//
// Paths the user names on the command line are the user's choice and are read as named.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "source/file_reader.h"

namespace gpuspec {

// Reads a whole input file (a spec, an import, a config, a baseline, a price book)
// under the size cap in force (max_file_size()). nullopt with `error` set ("is a FIFO,
// not a regular file", "No such file or directory", "is 5000000 bytes; the limit ...").
std::optional<std::string> read_input_file(const std::filesystem::path& path, std::string& error);

// Why a text of `size` bytes that did not come from a file (an editor's buffer) is
// over the size cap read_input_file applies, or nullopt: the same cap for every input.
std::optional<std::string> over_size_cap(std::uint64_t size);

// Whether `path` is `root` or lies under it; both absolute and normal (canonical when
// symbolic links matter).
bool is_within(const std::filesystem::path& path, const std::filesystem::path& root);

// The nearest folder upward from `file` (canonical) holding `.git` or `gpuspec.json` —
// anything of that name, even a dangling link, marks it — or the file's own folder.
std::filesystem::path find_project_root(const std::filesystem::path& file);

// The folder a file's contents may reach, or none at all.
class ProjectRoot {
 public:
  // The command line's rule: the file's project root (find_project_root).
  static ProjectRoot of_file(const std::filesystem::path& file);
  // A root chosen by the caller (a language-server workspace); made canonical.
  static ProjectRoot at(const std::filesystem::path& folder);
  // No root: nothing a file names is read; `why` completes "import '...' was not read: ".
  static ProjectRoot none(std::string why);

  bool allows_reads() const { return folder_.has_value(); }
  // The root; empty when there is none.
  std::filesystem::path folder() const { return folder_.value_or(std::filesystem::path()); }
  const std::string& why_none() const { return why_none_; }
  bool contains(const std::filesystem::path& canonical) const { return folder_ && is_within(canonical, *folder_); }

  // Why resolve() refused a path.
  enum class Refusal { None, NoRoot, Unusable, Unresolvable, Outside };

  // The canonical path `relative` names from `from_folder`, if it lies inside the root
  // (symbolic links resolved, so a link pointing out is refused). Otherwise nullopt,
  // `error` completing "cannot read 'PATH': " ("it is outside the project root '/p'",
  // "the path contains a NUL character") and `refusal` (when given) saying which.
  std::optional<std::filesystem::path> resolve(const std::filesystem::path& from_folder, std::string_view relative,
                                               std::string& error, Refusal* refusal = nullptr) const;

 private:
  std::optional<std::filesystem::path> folder_;
  std::string why_none_;
};

// Why `path`, found inside a file gpuspec reads (an output journal), cannot name
// something below the file's folder: absolute, empty, or with a ".." or "." part.
// nullopt when it is a plain relative path.
std::optional<std::string> relative_path_problem(const std::filesystem::path& path);

// Opens the folder `relative` (a plain relative path, relative_path_problem) under the
// open folder `root_fd` one part at a time, never through a symbolic link (O_NOFOLLOW),
// so what is acted on there is below the root whatever a racing process does. Returns
// the descriptor, or -1 with errno set (ELOOP or ENOTDIR for a link or a file in the way).
int open_folder_below(int root_fd, const std::filesystem::path& relative);

// The innermost of `workspaces` (canonical folders) holding `file`, or nullopt.
std::optional<std::filesystem::path> workspace_of(const std::filesystem::path& file,
                                                  const std::vector<std::filesystem::path>& workspaces);

}  // namespace gpuspec
