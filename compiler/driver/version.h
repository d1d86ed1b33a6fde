// The version of this build and the commit it was built from (`gpuspec --version`,
// SARIF's tool.driver.version).
#pragma once

#include <string_view>

namespace gpuspec::driver {

std::string_view version();  // "0.1.0"
// The commit, from `git describe` when CMake configured the build ("a1b2c3d4e5f6",
// with "-dirty" for uncommitted changes), or GPUSPEC_COMMIT when the build was
// configured with it; empty when built outside a git checkout (a source tarball).
std::string_view commit();
// The GitHub repository ("OWNER/NAME") whose releases this build belongs to, from
// GPUSPEC_REPOSITORY or the origin remote when CMake configured it; empty when unknown.
// `gpuspec init` names its Action, at the release tag "v" + version().
std::string_view release_repository();
// "gpuspec 0.1.0 (commit a1b2c3d4e5f6)" or "gpuspec 0.1.0 (commit unknown: not built from a git checkout)".
std::string version_line();

}  // namespace gpuspec::driver
