// `gpuspec fmt --diff`: a unified diff (as `diff -u` prints it) between a file and
// its formatted text, computed with Myers' O(ND) algorithm over lines.
#pragma once

#include <string>
#include <string_view>

namespace gpuspec::format {

// Empty when the texts are equal. Labels go on the `---`/`+++` lines.
std::string unified_diff(std::string_view before, std::string_view after, std::string_view before_label,
                         std::string_view after_label, int context = 3);

}  // namespace gpuspec::format
