#include "sema/suggest.h"

#include <algorithm>
#include <cctype>

namespace gpuspec::sema {

std::size_t edit_distance(std::string_view a, std::string_view b) {
  // Damerau-Levenshtein (optimal string alignment): a swapped pair counts as one typo.
  std::vector<std::vector<std::size_t>> d(a.size() + 1, std::vector<std::size_t>(b.size() + 1));
  for (std::size_t i = 0; i <= a.size(); ++i) d[i][0] = i;
  for (std::size_t j = 0; j <= b.size(); ++j) d[0][j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    for (std::size_t j = 1; j <= b.size(); ++j) {
      std::size_t cost = a[i - 1] == b[j - 1] ? 0 : 1;
      d[i][j] = std::min({d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost});
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1]) d[i][j] = std::min(d[i][j], d[i - 2][j - 2] + 1);
    }
  }
  return d[a.size()][b.size()];
}

std::optional<std::string> nearest(std::string_view word, const std::vector<std::string_view>& candidates) {
  if (word.size() > 200) return std::nullopt;  // not a typo, and not worth quadratic time
  std::optional<std::string> best;
  std::size_t best_distance = 0;
  auto lower = [](std::string_view s) {
    std::string out(s);
    for (auto& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return out;
  };
  std::string lowered = lower(word);
  for (auto candidate : candidates) {
    if (candidate.size() > 200) continue;
    // Case differences are cheap typos ("gb" for "GB").
    std::size_t distance = lower(candidate) == lowered ? 0 : edit_distance(word, candidate);
    std::size_t limit = std::max<std::size_t>(1, std::max(word.size(), candidate.size()) / 3);
    if (distance > limit) continue;
    if (!best || distance < best_distance) {
      best = std::string(candidate);
      best_distance = distance;
    }
  }
  return best;
}

}  // namespace gpuspec::sema
