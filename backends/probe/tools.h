// The tool outputs `gpuspec probe` reads: what it runs on a live machine (never through
// a shell, each with a timeout and a size limit) and the fixed file name each output
// has in a folder of saved outputs (`--from DIR`, scripts/probe-collect.sh).
#pragma once

#include <cstddef>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace gpuspec::probe {

enum class Tool {
  NvidiaSmiQuery,   // nvidia-smi -q -x
  NvidiaSmiTopo,    // nvidia-smi topo -m
  Lscpu,            // lscpu -J
  Meminfo,          // /proc/meminfo
  DmidecodeMemory,  // dmidecode -t memory (root)
  DmidecodePsu,     // dmidecode -t 39 (root)
  Lsblk,            // lsblk -J -O -b
  NvmeList,         // nvme list -o json
  IpLink,           // ip -d -j link
  Ibstat,           // ibstat
  IpmitoolFru,      // ipmitool fru (root)
  OsRelease,        // /etc/os-release
  Torch,            // python3 -c 'import torch; print(torch.__version__, torch.version.cuda)'
};

struct ToolSpec {
  Tool tool;
  std::string_view file;              // the saved output's name in DIR
  std::string_view label;             // how comments and probed_from name it
  std::vector<std::string_view> argv;  // the command; empty for a file read from `path`
  std::string_view path;              // a file the live probe reads instead of running a command
  bool needs_root = false;
  std::size_t max_bytes = 0;  // a larger output is refused, never cut
  int timeout_ms = 0;
};

std::span<const ToolSpec> tools();
const ToolSpec& spec_of(Tool tool);

// What reading one output gave: the text, or why there is none.
struct ToolOutput {
  enum class Status {
    Ok,
    NotSaved,    // --from: DIR has no such file
    NotFound,    // the command is not installed (not on PATH)
    NeedsRoot,   // the probe does not run as root and the tool needs it
    Failed,      // it ran and exited non-zero, or could not be read
    TimedOut,    // killed after its timeout
    TooLarge,    // more than the tool's max_bytes
  };
  Status status = Status::Failed;
  std::string text;    // stdout (Ok; Failed keeps what there was, for the reason)
  std::string detail;  // one line: why (the exit status, the error), for the note
};

// "not found on PATH", "needs root", ...: the reason a note gives, before `detail`.
std::string_view status_reason(ToolOutput::Status status);

}  // namespace gpuspec::probe
