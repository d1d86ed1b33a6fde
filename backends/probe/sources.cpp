#include "backends/probe/sources.h"

#include <unistd.h>

#include <fmt/format.h>

#include "backends/probe/command_runner.h"
#include "source/printable.h"

namespace gpuspec::probe {

namespace {

class LiveSource final : public OutputSource {
 public:
  ToolOutput fetch(Tool tool) override {
    const ToolSpec& spec = spec_of(tool);
    if (!spec.path.empty()) return read_system_file(std::string(spec.path).c_str(), spec.max_bytes);
    if (spec.needs_root && ::geteuid() != 0) {
      return {ToolOutput::Status::NeedsRoot, "",
              fmt::format("run `sudo gpuspec probe`, or save `sudo {}` as {} for --from", spec.label, spec.file)};
    }
    std::vector<std::string> argv(spec.argv.begin(), spec.argv.end());
    return run_command(argv, CommandLimits{spec.timeout_ms, spec.max_bytes});
  }
  std::string description() const override { return "this machine"; }
  bool live() const override { return true; }
};

class FolderSource final : public OutputSource {
 public:
  FolderSource(DumpFolder folder, std::string dir) : folder_(std::move(folder)), dir_(std::move(dir)) {}
  ToolOutput fetch(Tool tool) override {
    const ToolSpec& spec = spec_of(tool);
    return folder_.read(spec.file, spec.max_bytes);
  }
  // The folder's own name, not its path: a spec is committed, a path may say whose home it was in.
  std::string description() const override {
    std::string_view dir = dir_;
    while (dir.size() > 1 && dir.back() == '/') dir.remove_suffix(1);
    auto slash = dir.rfind('/');
    return fmt::format("the saved outputs in {}", printable(slash == std::string_view::npos ? dir : dir.substr(slash + 1)));
  }
  bool live() const override { return false; }

 private:
  DumpFolder folder_;
  std::string dir_;
};

}  // namespace

std::unique_ptr<OutputSource> live_source() { return std::make_unique<LiveSource>(); }

std::unique_ptr<OutputSource> folder_source(const std::string& dir, std::string& error) {
  auto folder = DumpFolder::open(dir, error);
  if (!folder) return nullptr;
  return std::make_unique<FolderSource>(std::move(*folder), dir);
}

}  // namespace gpuspec::probe
