#include "source/confinement.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>

namespace gpuspec {

namespace fs = std::filesystem;

std::optional<std::string> read_input_file(const fs::path& path, std::string& error) {
  std::string reason;
  std::uint64_t limit = max_file_size(&reason);
  if (!reason.empty()) {  // a malformed GPUSPEC_MAX_FILE_SIZE must not silently lift or lower the cap
    error = reason;
    return std::nullopt;
  }
  return read_regular_file(path.string(), limit, error);
}

std::optional<std::string> over_size_cap(std::uint64_t size) {
  std::string malformed;  // a typo in GPUSPEC_MAX_FILE_SIZE stops every read alike
  std::uint64_t limit = max_file_size(&malformed);
  if (!malformed.empty()) return malformed;
  if (size <= limit) return std::nullopt;
  return too_large_reason(size, limit);
}

bool is_within(const fs::path& path, const fs::path& root) {
  if (path == root) return true;
  fs::path relative = path.lexically_relative(root);
  return !relative.empty() && *relative.begin() != ".." && *relative.begin() != ".";
}

fs::path find_project_root(const fs::path& file) {
  std::error_code ec;
  fs::path dir = fs::weakly_canonical(fs::absolute(file, ec), ec).parent_path();
  for (fs::path at = dir; !at.empty(); at = at.parent_path()) {
    // symlink_status: a dangling `gpuspec.json` link still marks the root (and the
    // config reader then reports it), so a broken link cannot widen the root.
    if (fs::exists(fs::symlink_status(at / ".git", ec)) || fs::exists(fs::symlink_status(at / "gpuspec.json", ec))) {
      return at;
    }
    if (at == at.parent_path()) break;
  }
  return dir;
}

ProjectRoot ProjectRoot::of_file(const fs::path& file) { return at(find_project_root(file)); }

ProjectRoot ProjectRoot::at(const fs::path& folder) {
  std::error_code ec;
  ProjectRoot root;
  root.folder_ = fs::weakly_canonical(fs::absolute(folder, ec), ec);
  return root;
}

ProjectRoot ProjectRoot::none(std::string why) {
  ProjectRoot root;
  root.why_none_ = std::move(why);
  return root;
}

std::optional<fs::path> ProjectRoot::resolve(const fs::path& from_folder, std::string_view relative, std::string& error,
                                             Refusal* refusal) const {
  auto refuse = [&](Refusal why, std::string message) -> std::optional<fs::path> {
    error = std::move(message);
    if (refusal) *refusal = why;
    return std::nullopt;
  };
  if (!folder_) return refuse(Refusal::NoRoot, why_none_);
  // A NUL would make the system open a shorter path than the one shown.
  if (relative.find('\0') != std::string_view::npos) return refuse(Refusal::Unusable, "the path contains a NUL character");
  fs::path joined = from_folder / fs::path(relative);
  if (auto reason = unusable_path_reason(joined.string())) return refuse(Refusal::Unusable, *reason);
  std::error_code ec;
  fs::path target = fs::weakly_canonical(joined, ec);
  if (ec) return refuse(Refusal::Unresolvable, ec.message());
  if (!is_within(target, *folder_)) {
    return refuse(Refusal::Outside, "it is outside the project root '" + folder_->string() + "'");
  }
  if (refusal) *refusal = Refusal::None;
  return target;
}

std::optional<std::string> relative_path_problem(const fs::path& path) {
  if (path.empty()) return std::string("the path is empty");
  if (path.is_absolute() || path.has_root_name() || path.has_root_directory()) {
    return "'" + path.string() + "' is an absolute path";
  }
  if (auto reason = unusable_path_reason(path.string())) return reason;
  for (const auto& part : path) {
    if (part.empty() || part == "." || part == "..") return "'" + path.string() + "' leaves its folder or is not plain";
  }
  return std::nullopt;
}

int open_folder_below(int root_fd, const fs::path& relative) {
  int fd = ::dup(root_fd);
  if (fd < 0) return -1;
  for (const auto& part : relative) {
    if (part.empty() || part == ".") continue;
    if (part == "..") {
      ::close(fd);
      errno = EINVAL;
      return -1;
    }
    int next = ::openat(fd, part.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    int saved = errno;
    ::close(fd);
    if (next < 0) {
      errno = saved;
      return -1;
    }
    fd = next;
  }
  return fd;
}

std::optional<fs::path> workspace_of(const fs::path& file, const std::vector<fs::path>& workspaces) {
  std::error_code ec;
  fs::path canonical = fs::weakly_canonical(fs::absolute(file, ec), ec);
  std::optional<fs::path> best;
  for (const auto& folder : workspaces) {
    if (!is_within(canonical, folder)) continue;
    if (!best || is_within(folder, *best)) best = folder;  // the innermost: a nested workspace wins
  }
  return best;
}

}  // namespace gpuspec
