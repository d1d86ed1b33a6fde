// The two system-call loops the output transaction needs in several places.
#pragma once

#include <filesystem>
#include <string>

namespace gpuspec::writers {

// write(2) until all of `data` is written (EINTR retried); false with errno set otherwise.
bool write_all(int fd, const std::string& data);

// fsync on a folder, so renames and removals in it are durable.
void sync_folder(const std::filesystem::path& folder);

}  // namespace gpuspec::writers
