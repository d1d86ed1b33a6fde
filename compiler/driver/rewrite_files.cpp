#include "driver/rewrite_files.h"

#include <filesystem>

namespace gpuspec::driver {

namespace fs = std::filesystem;

bool rewrite_in_place(const std::vector<writers::OutputFile>& files, std::string& error) {
  std::vector<fs::perms> modes;
  for (const auto& file : files) {
    std::error_code ec;
    modes.push_back(fs::status(file.path, ec).permissions());
  }
  if (!writers::write_files_atomically(files, error)) return false;
  // The atomic writer creates files 0644; a spec that was group-writable or read-only
  // for others stays so.
  for (std::size_t i = 0; i < files.size(); ++i) {
    std::error_code ec;
    if (modes[i] != fs::perms::unknown) fs::permissions(files[i].path, modes[i], ec);
  }
  return true;
}

}  // namespace gpuspec::driver
