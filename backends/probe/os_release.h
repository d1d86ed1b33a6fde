// /etc/os-release (os-release(5)): ID and VERSION_ID, shell-style assignments whose
// values may be quoted. Nothing in it is ever run.
#pragma once

#include <optional>
#include <string>

namespace gpuspec::probe {

struct OsRelease {
  std::string id;          // "ubuntu"
  std::string version_id;  // "22.04"
  std::string pretty_name;
};

std::optional<OsRelease> parse_os_release(std::string_view text, std::string& error);

}  // namespace gpuspec::probe
