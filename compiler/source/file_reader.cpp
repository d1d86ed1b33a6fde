#include "source/file_reader.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <climits>
#include <cstdlib>
#include <cstring>

namespace gpuspec {

namespace {

std::string describe_size(std::uint64_t bytes) {
  if (bytes >= (1ull << 30) && bytes % (1ull << 30) == 0) return std::to_string(bytes >> 30) + " GiB";
  if (bytes >= (1ull << 20) && bytes % (1ull << 20) == 0) return std::to_string(bytes >> 20) + " MiB";
  if (bytes >= (1ull << 10) && bytes % (1ull << 10) == 0) return std::to_string(bytes >> 10) + " KiB";
  return std::to_string(bytes) + " bytes";
}

std::string too_large(std::optional<std::uint64_t> size, std::uint64_t limit) {
  return too_large_message(size, limit, kMaxFileSizeVariable);
}

}  // namespace

std::string too_large_message(std::optional<std::uint64_t> size, std::uint64_t limit, std::string_view variable) {
  std::string what = size ? "is " + std::to_string(*size) + " bytes" : "is larger than the limit";
  return what + "; the limit is " + describe_size(limit) + " (set " + std::string(variable) + " to raise it)";
}

std::string too_large_reason(std::uint64_t size, std::uint64_t limit) { return too_large(size, limit); }

const char* file_kind(unsigned mode) {
  if (S_ISREG(mode)) return "a regular file";
  if (S_ISDIR(mode)) return "a directory";
  if (S_ISLNK(mode)) return "a symbolic link";
  if (S_ISFIFO(mode)) return "a FIFO";
  if (S_ISCHR(mode)) return "a character device";
  if (S_ISBLK(mode)) return "a block device";
  if (S_ISSOCK(mode)) return "a socket";
  return "not a regular file";
}

std::optional<std::uint64_t> parse_file_size(std::string_view text, std::uint64_t largest) {
  if (text.empty()) return std::nullopt;
  std::uint64_t multiplier = 1;
  switch (text.back()) {
    case 'K': case 'k': multiplier = 1ull << 10; break;
    case 'M': case 'm': multiplier = 1ull << 20; break;
    case 'G': case 'g': multiplier = 1ull << 30; break;
    default: break;
  }
  if (multiplier != 1) text.remove_suffix(1);
  if (text.empty() || text.size() > 12) return std::nullopt;
  std::uint64_t value = 0;
  for (char c : text) {
    if (c < '0' || c > '9') return std::nullopt;
    value = value * 10 + static_cast<std::uint64_t>(c - '0');
  }
  if (value == 0 || value > largest / multiplier) return std::nullopt;
  return value * multiplier;
}

std::uint64_t max_file_size(std::string* error) {
  const char* configured = std::getenv(kMaxFileSizeVariable);
  if (!configured || !*configured) return kDefaultMaxFileSize;
  if (auto parsed = parse_file_size(configured)) return *parsed;
  if (error) {
    *error = std::string(kMaxFileSizeVariable) + "='" + configured +
             "' is not a size: write bytes or a number with K, M or G, from 1 to 4G";
  }
  return kDefaultMaxFileSize;
}

namespace {

// Checks that `fd` is open on a regular file of at most `max_bytes` and returns its size;
// on failure closes `fd` and sets `error` (a file over the limit is told to raise
// `limit_variable`).
std::optional<std::uint64_t> check_open_file(int fd, std::uint64_t max_bytes, std::string& error,
                                             std::string_view limit_variable) {
  struct stat info {};
  if (::fstat(fd, &info) != 0) {
    error = std::strerror(errno);
    ::close(fd);
    return std::nullopt;
  }
  if (!S_ISREG(info.st_mode)) {
    error = S_ISDIR(info.st_mode) ? std::string("is a directory")
                                  : std::string("is ") + file_kind(info.st_mode) + ", not a regular file";
    ::close(fd);
    return std::nullopt;
  }
  if (static_cast<std::uint64_t>(info.st_size) > max_bytes) {
    error = too_large_message(static_cast<std::uint64_t>(info.st_size), max_bytes, limit_variable);
    ::close(fd);
    return std::nullopt;
  }
  return static_cast<std::uint64_t>(info.st_size);
}

// Reads the regular file open on `fd` (closed here) of at most `max_bytes`.
std::optional<std::string> read_open_file(int fd, std::uint64_t max_bytes, std::string& error) {
  auto size = check_open_file(fd, max_bytes, error, kMaxFileSizeVariable);
  if (!size) return std::nullopt;
  auto text = read_descriptor(fd, max_bytes, *size, error);
  ::close(fd);
  return text;
}

// Opens `path` for reading: no FIFO wait, no controlling terminal; -1 with `error` set.
int open_for_reading(const std::string& path, std::string& error) {
  if (auto reason = unusable_path_reason(path)) {
    error = *reason;
    return -1;
  }
  // O_NONBLOCK: opening a FIFO must not wait for a writer. fstat on the open
  // descriptor (not stat on the path) so the file checked is the file read.
  int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
  if (fd < 0) error = std::strerror(errno);
  return fd;
}

}  // namespace

std::optional<std::string> read_regular_file(const std::string& path, std::uint64_t max_bytes, std::string& error) {
  int fd = open_for_reading(path, error);
  if (fd < 0) return std::nullopt;
  return read_open_file(fd, max_bytes, error);
}

std::optional<OpenedFile> open_regular_file(const std::string& path, std::uint64_t max_bytes, std::string& error,
                                            std::string_view limit_variable) {
  int fd = open_for_reading(path, error);
  if (fd < 0) return std::nullopt;
  auto size = check_open_file(fd, max_bytes, error, limit_variable);
  if (!size) return std::nullopt;
  return OpenedFile{fd, *size};
}

std::optional<FileIdentity> identity_of(int fd) {
  struct stat info {};
  if (::fstat(fd, &info) != 0) return std::nullopt;
  FileIdentity identity;
  identity.inode = static_cast<std::uint64_t>(info.st_ino);
  struct statx extended {};
  if (::statx(fd, "", AT_EMPTY_PATH, STATX_BTIME, &extended) == 0 && (extended.stx_mask & STATX_BTIME)) {
    identity.has_birth = true;
    identity.birth_seconds = extended.stx_btime.tv_sec;
    identity.birth_nanoseconds = extended.stx_btime.tv_nsec;
  }
  return identity;
}

std::optional<std::string> read_regular_file_at(int dir_fd, const std::string& name, std::uint64_t max_bytes,
                                                std::string& error, FileIdentity* identity) {
  if (auto reason = unusable_path_reason(name)) {
    error = *reason;
    return std::nullopt;
  }
  int fd = ::openat(dir_fd, name.c_str(), O_RDONLY | O_NONBLOCK | O_NOCTTY | O_NOFOLLOW | O_CLOEXEC);
  if (fd < 0) {
    error = errno == ELOOP ? std::string("is a symbolic link") : std::string(std::strerror(errno));
    return std::nullopt;
  }
  if (identity) {
    auto found = identity_of(fd);
    if (!found) {
      error = std::strerror(errno);
      ::close(fd);
      return std::nullopt;
    }
    *identity = *found;
  }
  return read_open_file(fd, max_bytes, error);
}

std::optional<std::string> read_descriptor(int fd, std::uint64_t max_bytes, std::uint64_t expected_size,
                                           std::string& error) {
  // Files under /proc and /sys report size 0 and may grow while read, and a pipe has no
  // size: read at most one byte past the limit to tell "too large" apart. One byte more
  // than the expected size, so a file that did not grow ends in one read.
  std::string text;
  text.resize(static_cast<std::size_t>(std::min<std::uint64_t>(max_bytes + 1, std::max<std::uint64_t>(expected_size + 1, 4096))));
  std::size_t used = 0;
  while (true) {
    if (used == text.size()) {
      if (used > max_bytes) break;
      text.resize(static_cast<std::size_t>(std::min<std::uint64_t>(max_bytes + 1, text.size() * 2)));
    }
    ssize_t n = ::read(fd, text.data() + used, text.size() - used);
    if (n < 0) {
      if (errno == EINTR) continue;
      error = std::strerror(errno);
      return std::nullopt;
    }
    if (n == 0) break;
    used += static_cast<std::size_t>(n);
  }
  if (used > max_bytes) {
    error = too_large(std::nullopt, max_bytes);
    return std::nullopt;
  }
  text.resize(used);
  return text;
}

std::optional<std::string> unusable_path_reason(std::string_view path) {
  if (path.find('\0') != std::string_view::npos) return std::string("the path contains a NUL character");
  if (path.size() >= PATH_MAX) {
    return "the path is " + std::to_string(path.size()) + " bytes long; the limit is " + std::to_string(PATH_MAX - 1);
  }
  std::size_t start = 0;
  while (start <= path.size()) {
    std::size_t end = path.find('/', start);
    if (end == std::string_view::npos) end = path.size();
    if (end - start > NAME_MAX) {
      return "a name in the path is " + std::to_string(end - start) + " bytes long; the limit is " +
             std::to_string(NAME_MAX);
    }
    start = end + 1;
  }
  return std::nullopt;
}

}  // namespace gpuspec
