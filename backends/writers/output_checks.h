// What an output write may replace. Never a symbolic link (the write would land
// wherever it points), never anything but a regular file (a device, a FIFO, a folder),
// never a file the same run read (`bom spec.gpuspec -o spec.gpuspec`), and — for
// generated outputs — only a file gpuspec wrote there and nobody changed since
// (output_manifest.h), unless --force.
#pragma once

#include <sys/stat.h>

#include <filesystem>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "backends/writers/output_manifest.h"

namespace gpuspec::writers {

// The files a run read, by device and inode, so any spelling of a path (or a hard
// link) to one of them is recognised.
class InputFiles {
 public:
  explicit InputFiles(const std::vector<std::string>& paths);
  bool contains(const struct stat& info) const { return ids_.count({info.st_dev, info.st_ino}) > 0; }

 private:
  std::set<std::pair<dev_t, ino_t>> ids_;
};

struct Existing {
  bool exists = false;
  struct stat info {};
};

// Why `target` (as the user named it: `shown`) must not be replaced, or nullopt.
// `owned`: the file is a generated output, checked against the manifest of its folder
// (false for files rewritten in place, such as `check --fix`). `existing` tells the
// caller what is there now.
std::optional<std::string> refusal(const std::filesystem::path& target, const std::string& shown, const Manifest& manifest,
                                   bool owned, const InputFiles& inputs, bool force, Existing& existing);

// A folder between the output root and a file must not be a symbolic link either:
// `-o out` with out/<module> linked to /etc would write into /etc.
std::optional<std::string> linked_folder(const std::filesystem::path& root, const std::filesystem::path& target,
                                         const std::string& shown);

}  // namespace gpuspec::writers
