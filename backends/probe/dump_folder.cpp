#include "backends/probe/dump_folder.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <fmt/format.h>

#include <cerrno>
#include <cstring>

#include "source/printable.h"

namespace gpuspec::probe {

std::optional<DumpFolder> DumpFolder::open(const std::string& path, std::string& error) {
  int fd = ::open(path.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0) {
    error = fmt::format("cannot open folder '{}': {}", printable(path), std::strerror(errno));
    return std::nullopt;
  }
  return DumpFolder(fd);
}

DumpFolder::~DumpFolder() {
  if (fd_ >= 0) ::close(fd_);
}

namespace {

// Reads an open file descriptor (closed here) as one output: a regular file, at most max_bytes.
ToolOutput read_open_file(int fd, std::string_view file, std::size_t max_bytes) {
  using Status = ToolOutput::Status;
  ToolOutput out;
  struct stat st {};
  if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
    ::close(fd);
    return {Status::Failed, "", fmt::format("{} is not a regular file", file)};
  }
  if (static_cast<std::size_t>(st.st_size) > max_bytes) {
    ::close(fd);
    return {Status::TooLarge, "", fmt::format("{} has {} bytes, more than {}", file, st.st_size, max_bytes)};
  }
  char buffer[65536];
  while (true) {
    ssize_t n = ::read(fd, buffer, sizeof buffer);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) {
      int error = errno;
      ::close(fd);
      return {Status::Failed, "", fmt::format("cannot read {}: {}", file, std::strerror(error))};
    }
    if (n == 0) break;
    // A file may grow while it is read (and /proc files say size 0): the limit holds for what is read.
    if (out.text.size() + static_cast<std::size_t>(n) > max_bytes) {
      ::close(fd);
      return {Status::TooLarge, "", fmt::format("{} has more than {} bytes", file, max_bytes)};
    }
    out.text.append(buffer, static_cast<std::size_t>(n));
  }
  ::close(fd);
  out.status = Status::Ok;
  return out;
}

ToolOutput open_error(std::string_view file, int error) {
  using Status = ToolOutput::Status;
  if (error == ENOENT) return {Status::NotSaved, "", fmt::format("no {}", file)};
  if (error == ELOOP) return {Status::Failed, "", fmt::format("{} is a symbolic link (not followed)", file)};
  return {Status::Failed, "", fmt::format("cannot read {}: {}", file, std::strerror(error))};
}

}  // namespace

ToolOutput read_system_file(const char* path, std::size_t max_bytes) {
  int fd = ::open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
  if (fd < 0) return open_error(path, errno);
  return read_open_file(fd, path, max_bytes);
}

ToolOutput DumpFolder::read(std::string_view name, std::size_t max_bytes) const {
  if (name.empty() || name.find('/') != std::string_view::npos || name == "." || name == "..") {
    return {ToolOutput::Status::Failed, "", "not a file name"};
  }
  std::string file(name);
  // O_NONBLOCK: opening a FIFO must not wait for a writer; it is refused as not regular.
  int fd = ::openat(fd_, file.c_str(), O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
  if (fd < 0) return open_error(file, errno);
  return read_open_file(fd, file, max_bytes);
}

}  // namespace gpuspec::probe
