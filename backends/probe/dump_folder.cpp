#include "backends/probe/dump_folder.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <fmt/format.h>

#include <cerrno>
#include <cstring>

#include "source/file_reader.h"
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

ToolOutput read_system_file(const char* path, std::size_t max_bytes) {
  std::string error;
  auto text = read_regular_file(path, max_bytes, error);
  if (!text) return {ToolOutput::Status::Failed, "", fmt::format("cannot read {}: {}", path, error)};
  return {ToolOutput::Status::Ok, std::move(*text), ""};
}

ToolOutput DumpFolder::read(std::string_view name, std::size_t max_bytes) const {
  using Status = ToolOutput::Status;
  if (name.empty() || name.find('/') != std::string_view::npos || name == "." || name == "..") {
    return {Status::Failed, "", "not a file name"};
  }
  std::string file(name);
  // As source/file_reader.h reads, relative to the folder and never through a link:
  // O_NONBLOCK so opening a FIFO does not wait for a writer, fstat on what was opened.
  int fd = ::openat(fd_, file.c_str(), O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
  if (fd < 0) {
    int error = errno;
    if (error == ENOENT) return {Status::NotSaved, "", fmt::format("no {}", file)};
    if (error == ELOOP) return {Status::Failed, "", fmt::format("{} is a symbolic link (not followed)", file)};
    return {Status::Failed, "", fmt::format("cannot read {}: {}", file, std::strerror(error))};
  }
  struct stat st {};
  ToolOutput out;
  if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
    out = {Status::Failed, "", fmt::format("{} is {}, not a regular file", file, file_kind(st.st_mode))};
  } else if (static_cast<std::size_t>(st.st_size) > max_bytes) {
    out = {Status::TooLarge, "", fmt::format("{} has {} bytes, more than {}", file, st.st_size, max_bytes)};
  } else {
    std::string error;
    auto text = read_descriptor(fd, max_bytes, static_cast<std::uint64_t>(st.st_size), error);
    out = text ? ToolOutput{Status::Ok, std::move(*text), ""}
               : ToolOutput{Status::Failed, "", fmt::format("cannot read {}: {}", file, error)};
  }
  ::close(fd);
  return out;
}

}  // namespace gpuspec::probe
