// A folder of saved tool outputs (`gpuspec probe --from DIR`). Only the fixed names of
// tools.h are ever opened, relative to the folder opened once, never following a
// symbolic link, and only regular files within their size limit: nothing in DIR (a
// link to /etc/shadow, a FIFO that never ends, a 10 GB file) can make the probe read
// outside it, hang, or run out of memory.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "backends/probe/tools.h"

namespace gpuspec::probe {

// A file of the live system at a fixed path (/proc/meminfo, /etc/os-release), read the
// same way: a regular file within `max_bytes`. Links are followed (the system's own, such
// as /etc/os-release -> ../usr/lib/os-release); the path is never from the input.
ToolOutput read_system_file(const char* path, std::size_t max_bytes);

class DumpFolder {
 public:
  // The folder, or nullopt with `error` set ("cannot open 'x': No such file or directory").
  static std::optional<DumpFolder> open(const std::string& path, std::string& error);
  DumpFolder(DumpFolder&& other) noexcept : fd_(other.fd_) { other.fd_ = -1; }
  DumpFolder& operator=(DumpFolder&&) = delete;
  DumpFolder(const DumpFolder&) = delete;
  ~DumpFolder();

  // `name` must be one of the fixed names (no '/'); NotSaved when it is absent.
  ToolOutput read(std::string_view name, std::size_t max_bytes) const;

 private:
  explicit DumpFolder(int fd) : fd_(fd) {}
  int fd_ = -1;
};

}  // namespace gpuspec::probe
