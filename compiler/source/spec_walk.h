// Finding the *.gpuspec files under a folder the user named, reading only what the
// user meant: the walk stays inside that folder (a symbolic link whose target leaves
// it is skipped), takes only regular files, and reports every folder it could not
// read and every file it skipped instead of passing over them in silence.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

namespace gpuspec {

// A path the walk could not read or chose to skip; `id` is the diagnostic id.
struct WalkProblem {
  // "unreadable-folder", "unreadable-path", "symlink-outside-root", "broken-symlink", "not-a-regular-file"
  std::string id;
  std::string message;  // "cannot read folder 'specs/private': Permission denied"
  std::string note;     // why, when it helps ("'specs/x.gpuspec' points to '/etc/passwd'"); may be empty
};

struct WalkResult {
  std::vector<std::string> files;  // sorted
  std::vector<WalkProblem> problems;
};

// Every *.gpuspec regular file under `root`, recursively. Folders are read one at a
// time (one open descriptor, however deep the tree), and a symbolic link is followed
// only when its target, resolved, is inside `root`; links that loop are entered once.
WalkResult find_spec_files(const std::filesystem::path& root);

}  // namespace gpuspec
