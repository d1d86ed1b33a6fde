#include "source/spec_walk.h"

#include <fmt/format.h>

#include <algorithm>
#include <set>
#include <system_error>

#include "source/confinement.h"

namespace gpuspec {

namespace fs = std::filesystem;

namespace {

constexpr std::string_view kExtension = ".gpuspec";

std::string_view kind_of(fs::file_type type) {
  switch (type) {
    case fs::file_type::fifo: return "a FIFO";
    case fs::file_type::socket: return "a socket";
    case fs::file_type::character: return "a character device";
    case fs::file_type::block: return "a block device";
    default: return "not a regular file";
  }
}

class Walker {
 public:
  Walker(fs::path root_canonical, std::string root_shown)
      : root_(std::move(root_canonical)), root_shown_(std::move(root_shown)) {}

  void walk(const fs::path& dir, const fs::path& dir_canonical) {
    if (!visited_.insert(dir_canonical).second) return;  // a link back into a folder already walked
    // List the folder completely and close it before descending, so a deep tree needs
    // one descriptor at a time (a low descriptor limit used to end the walk silently).
    std::vector<fs::directory_entry> entries;
    std::error_code ec;
    fs::directory_iterator it(dir, ec);
    for (fs::directory_iterator end; !ec && it != end; it.increment(ec)) entries.push_back(*it);
    if (ec) {
      result.problems.push_back({"unreadable-folder", fmt::format("cannot read folder '{}': {}", dir.string(), ec.message()), ""});
      return;
    }
    std::sort(entries.begin(), entries.end());
    for (const auto& entry : entries) visit(entry.path());
  }

  WalkResult result;

 private:
  void visit(const fs::path& path) {
    std::error_code ec;
    fs::file_status own = fs::symlink_status(path, ec);
    if (ec) {
      result.problems.push_back({"unreadable-path", fmt::format("cannot read '{}': {}", path.string(), ec.message()), ""});
      return;
    }
    bool named_spec = path.extension() == kExtension;
    if (fs::is_symlink(own)) {
      visit_link(path, named_spec);
      return;
    }
    if (fs::is_directory(own)) {
      fs::path canonical = fs::canonical(path, ec);
      if (ec) {
        result.problems.push_back({"unreadable-folder", fmt::format("cannot read folder '{}': {}", path.string(), ec.message()), ""});
        return;
      }
      walk(path, canonical);
    } else if (named_spec) {
      take(path, own.type());
    }
  }

  void visit_link(const fs::path& path, bool named_spec) {
    std::error_code ec;
    fs::path target = fs::canonical(path, ec);
    if (ec) {
      // Only a link that would have been read is worth a word.
      if (named_spec) {
        result.problems.push_back({"broken-symlink", fmt::format("skipped '{}': {}", path.string(), ec.message()), ""});
      }
      return;
    }
    fs::file_status status = fs::status(target, ec);
    bool is_dir = !ec && fs::is_directory(status);
    if (!is_dir && !named_spec) return;
    if (!is_within(target, root_)) {
      result.problems.push_back(
          {"symlink-outside-root",
           fmt::format("skipped '{}': a symbolic link to {} outside '{}'", path.string(), is_dir ? "a folder" : "a file",
                       root_shown_),
           fmt::format("it points to '{}'; name it on the command line to check it", target.string())});
      return;
    }
    if (is_dir) {
      walk(path, target);
    } else {
      take(path, status.type());
    }
  }

  void take(const fs::path& path, fs::file_type type) {
    if (type == fs::file_type::regular) {
      result.files.push_back(path.string());
    } else {
      result.problems.push_back(
          {"not-a-regular-file", fmt::format("skipped '{}': it is {}", path.string(), kind_of(type)), ""});
    }
  }

  fs::path root_;
  std::string root_shown_;
  std::set<fs::path> visited_;
};

}  // namespace

WalkResult find_spec_files(const fs::path& root) {
  std::error_code ec;
  fs::path canonical = fs::canonical(root, ec);
  if (ec) {
    WalkResult result;
    result.problems.push_back({"unreadable-folder", fmt::format("cannot read folder '{}': {}", root.string(), ec.message()), ""});
    return result;
  }
  Walker walker(canonical, root.string());
  walker.walk(root, canonical);
  std::sort(walker.result.files.begin(), walker.result.files.end());
  return std::move(walker.result);
}

}  // namespace gpuspec
