// Reading input files so that a hostile path cannot hang or exhaust the tool: only
// regular files are read (a FIFO, a device or a socket is refused without blocking),
// and only up to a size limit. Every spec, import, price book, policy file and config
// is read through here.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace gpuspec {

// The default limit on one input file. Real specs are kilobytes (the whole stdlib is
// 68 KB); the limit bounds the parser's memory, a multiple of the input (about 50x for
// specs, at most about 150x for a file of one-byte tokens: docs/linting.md), to ~600 MB.
inline constexpr std::uint64_t kDefaultMaxFileSize = 4ull << 20;
// Source ranges are 32-bit byte offsets: no limit may exceed this.
inline constexpr std::uint64_t kLargestReadableFile = 0xFFFFFFF0ull;
// The environment variable that overrides the limit: bytes, or with a K, M or G suffix.
inline constexpr const char* kMaxFileSizeVariable = "GPUSPEC_MAX_FILE_SIZE";

// Parses "4096", "512K", "64M", "1G" (binary multiples); nullopt when malformed, zero
// or past `largest` (kLargestReadableFile for what is read whole; streamed inputs allow more).
std::optional<std::uint64_t> parse_file_size(std::string_view text, std::uint64_t largest = kLargestReadableFile);

// The limit in force: GPUSPEC_MAX_FILE_SIZE when set, else the default. A malformed
// value is reported through `error` (and the default is returned), so a typo does not
// silently lift or lower the limit.
std::uint64_t max_file_size(std::string* error = nullptr);

// Reads a whole regular file of at most `max_bytes`. On failure returns nullopt and
// sets `error` to the reason, phrased to follow "cannot read 'PATH': " — e.g. "is a
// FIFO, not a regular file", "is 5000000 bytes; the limit is 4 MiB (set GPUSPEC_MAX_FILE_SIZE to raise it)",
// "No such file or directory".
std::optional<std::string> read_regular_file(const std::string& path, std::uint64_t max_bytes, std::string& error);

// Opens a regular file of at most `max_bytes` for reading, with the checks of
// read_regular_file (no FIFO, device or folder; the size of the file opened, not of
// whatever the path names later). Returns the descriptor (the caller closes it) and
// its size, or nullopt with `error` set the same way; a file over the limit is told to
// raise `limit_variable`.
struct OpenedFile {
  int fd = -1;
  std::uint64_t size = 0;
};
std::optional<OpenedFile> open_regular_file(const std::string& path, std::uint64_t max_bytes, std::string& error,
                                            std::string_view limit_variable = kMaxFileSizeVariable);

// The "is N bytes; the limit is ..." message for an input over `limit`, naming the
// environment variable that raises that limit.
std::string too_large_message(std::optional<std::uint64_t> size, std::uint64_t limit, std::string_view variable);

// Which file an open descriptor is, as the kernel numbers it: the inode, and the birth
// time where the filesystem records one (statx). Neither can be chosen by whoever
// writes the file, and neither survives a copy, a checkout or an archive: what tells a
// file gpuspec created apart from one planted with the same contents.
struct FileIdentity {
  std::uint64_t inode = 0;
  bool has_birth = false;
  std::int64_t birth_seconds = 0;
  std::uint32_t birth_nanoseconds = 0;
};
std::optional<FileIdentity> identity_of(int fd);

// read_regular_file for the entry `name` of the open folder `dir_fd`, never through a
// symbolic link (O_NOFOLLOW: a link is refused, "is a symbolic link"). `identity`, when
// given, receives the identity of the file read.
std::optional<std::string> read_regular_file_at(int dir_fd, const std::string& name, std::uint64_t max_bytes,
                                                std::string& error, FileIdentity* identity = nullptr);

// What a file of type `mode` (st_mode) is, for messages: "a FIFO", "a directory",
// "a character device", "a symbolic link", "a regular file".
const char* file_kind(unsigned mode);

// "is 5000000 bytes; the limit is 4 MiB (set GPUSPEC_MAX_FILE_SIZE to raise it)": why
// a file of `size` bytes is not read, following "cannot read 'PATH': ".
std::string too_large_reason(std::uint64_t size, std::uint64_t limit);

// Reads an open descriptor (a pipe, standard input) to its end, refusing more than
// `max_bytes`; `expected_size` (0 when unknown) sizes the first read.
std::optional<std::string> read_descriptor(int fd, std::uint64_t max_bytes, std::uint64_t expected_size,
                                           std::string& error);

// Why a path cannot name a file, before the filesystem is asked: a NUL byte (the
// system would read a different, shorter path), a name longer than NAME_MAX or a
// path longer than PATH_MAX. nullopt when the path is acceptable.
std::optional<std::string> unusable_path_reason(std::string_view path);

}  // namespace gpuspec
