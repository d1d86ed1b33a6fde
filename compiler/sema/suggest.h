// "Did you mean" suggestions by edit distance.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace gpuspec::sema {

std::size_t edit_distance(std::string_view a, std::string_view b);

// The closest candidate, if it is close enough to be a plausible typo
// (distance at most a third of the longer word, and at least 1 edit allowed).
std::optional<std::string> nearest(std::string_view word, const std::vector<std::string_view>& candidates);

}  // namespace gpuspec::sema
