#include "backends/writers/output_checks.h"

#include <fmt/format.h>

#include "source/file_reader.h"

namespace gpuspec::writers {

namespace fs = std::filesystem;

InputFiles::InputFiles(const std::vector<std::string>& paths) {
  for (const auto& path : paths) {
    struct stat info {};
    if (::stat(path.c_str(), &info) == 0) ids_.insert({info.st_dev, info.st_ino});
  }
}

std::optional<std::string> refusal(const fs::path& target, const std::string& shown, const Manifest& manifest,
                                   bool owned, const InputFiles& inputs, bool force, Existing& existing) {
  if (auto reason = unusable_path_reason(target.string())) return fmt::format("cannot write '{}': {}", shown, *reason);
  if (::lstat(target.c_str(), &existing.info) != 0) {
    existing.exists = false;
    return std::nullopt;  // a new file
  }
  existing.exists = true;
  if (!S_ISREG(existing.info.st_mode)) {
    return fmt::format("refusing to replace '{}': it is {}, and gpuspec writes only regular files", shown,
                       file_kind(existing.info.st_mode));
  }
  if (inputs.contains(existing.info)) {
    return fmt::format("refusing to overwrite '{}': this run read it as an input", shown);
  }
  if (!owned || force) return std::nullopt;
  std::string name = target.filename().string();
  if (manifest.state != Manifest::State::Valid || !manifest.files.count(name)) {
    return fmt::format("refusing to overwrite '{}': gpuspec did not write it (it is not listed in {}); --force "
                       "overwrites it",
                       shown, (target.parent_path() / kManifestName).string());
  }
  std::string reason;
  auto now = read_regular_file(target.string(), kLargestReadableFile, reason);
  if (!now || content_hash(*now) != manifest.files.at(name)) {
    return fmt::format("refusing to overwrite '{}': it changed since gpuspec wrote it; --force overwrites it", shown);
  }
  return std::nullopt;
}

std::optional<std::string> linked_folder(const fs::path& root, const fs::path& target, const std::string& shown) {
  fs::path relative = target.parent_path().lexically_relative(root);
  fs::path at = root;
  for (const auto& part : relative) {
    if (part == "." || part.empty()) continue;
    at /= part;
    struct stat info {};
    if (::lstat(at.c_str(), &info) != 0) return std::nullopt;  // created by this write from here on
    if (S_ISLNK(info.st_mode)) {
      return fmt::format("refusing to write '{}': the folder '{}' is a symbolic link", shown, at.string());
    }
    if (!S_ISDIR(info.st_mode)) {
      return fmt::format("cannot write '{}': '{}' is {} in the way", shown, at.string(), file_kind(info.st_mode));
    }
  }
  return std::nullopt;
}

}  // namespace gpuspec::writers
