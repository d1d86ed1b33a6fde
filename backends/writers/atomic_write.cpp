#include "backends/writers/atomic_write.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <system_error>

namespace gpuspec::writers {

namespace fs = std::filesystem;

namespace {

bool write_all(int fd, const std::string& data) {
  std::size_t done = 0;
  while (done < data.size()) {
    ssize_t n = ::write(fd, data.data() + done, data.size() - done);
    if (n < 0) {
      if (errno == EINTR) continue;
      return false;
    }
    done += static_cast<std::size_t>(n);
  }
  return true;
}

// Creates `dir` and missing parents; records the ones it created (outermost first).
bool create_folders(const fs::path& dir, std::vector<fs::path>& created, std::string& error) {
  if (dir.empty()) return true;
  std::error_code ec;
  if (fs::is_directory(dir, ec)) return true;
  if (!create_folders(dir.parent_path(), created, error)) return false;
  if (!fs::create_directory(dir, ec) && !fs::is_directory(dir)) {
    error = "cannot create folder '" + dir.string() + "': " + ec.message();
    return false;
  }
  created.push_back(dir);
  return true;
}

}  // namespace

bool write_files_atomically(const std::vector<OutputFile>& files, std::string& error) {
  std::vector<fs::path> created;
  std::vector<std::pair<fs::path, fs::path>> staged;  // temp -> target
  auto fail = [&](std::string message) {
    error = std::move(message);
    std::error_code ec;
    for (const auto& [temp, target] : staged) fs::remove(temp, ec);
    for (auto it = created.rbegin(); it != created.rend(); ++it) fs::remove(*it, ec);  // only if empty
    return false;
  };

  for (const auto& file : files) {
    fs::path target(file.path);
    std::string folder_error;
    if (!create_folders(target.parent_path(), created, folder_error)) return fail(folder_error);
    std::string pattern = (target.parent_path() / ("." + target.filename().string() + ".tmp-XXXXXX")).string();
    std::vector<char> buffer(pattern.begin(), pattern.end());
    buffer.push_back('\0');
    int fd = ::mkstemp(buffer.data());
    if (fd < 0) return fail("cannot write '" + file.path + "': " + std::strerror(errno));
    fs::path temp(buffer.data());
    staged.emplace_back(temp, target);
    bool ok = write_all(fd, file.contents) && ::fsync(fd) == 0;
    int saved = errno;
    ok = (::fchmod(fd, 0644) == 0) && ok;
    if (::close(fd) != 0 && ok) {
      ok = false;
      saved = errno;
    }
    if (!ok) return fail("cannot write '" + file.path + "': " + std::strerror(saved));
  }
  for (const auto& [temp, target] : staged) {
    std::error_code ec;
    fs::rename(temp, target, ec);
    if (ec) return fail("cannot write '" + target.string() + "': " + ec.message());
  }
  return true;
}

}  // namespace gpuspec::writers
