#include "sema/suggest.h"

#include <fmt/format.h>

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

namespace {

std::string lowered(std::string_view s) {
  std::string out(s);
  for (auto& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

// The runs of digits of a name, each with the letters before it (lower case, since the
// previous run or the start of the dotted segment; `_` and `-` are skipped, so separators
// do not matter): "nvidia.a100_80gb_sxm" -> {("a", "100"), ("", "80")}, and
// "nvidia.rtx4090" and "nvidia.RTX_4090" both -> {("rtx", "4090")}.
using ModelToken = std::pair<std::string, std::string>;
std::vector<ModelToken> model_tokens(std::string_view name) {
  std::vector<ModelToken> tokens;
  std::string letters;
  for (std::size_t i = 0; i < name.size();) {
    char c = name[i];
    if (std::isdigit(static_cast<unsigned char>(c))) {
      std::size_t start = i;
      while (i < name.size() && std::isdigit(static_cast<unsigned char>(name[i]))) ++i;
      tokens.emplace_back(std::move(letters), std::string(name.substr(start, i - start)));
      letters.clear();
      continue;
    }
    if (c == '.') {
      letters.clear();
    } else if (c != '_' && c != '-') {
      letters.push_back(static_cast<char>(std::tolower(static_cast<unsigned char>(c))));
    }
    ++i;
  }
  return tokens;
}

// Whether `part` holds every model token of `word`, in order (it may add some: a name
// that leaves out the capacity, nvidia.h100_sxm, names the parts that add one).
bool holds_in_order(const std::vector<ModelToken>& part, const std::vector<ModelToken>& word) {
  auto at = part.begin();
  for (const auto& token : word) {
    at = std::find(at, part.end(), token);
    if (at == part.end()) return false;
    ++at;
  }
  return true;
}

// The name as a catalog compares it: lower case, `-` as `_` (the catalog's separator).
std::string folded(std::string_view name) {
  std::string out = lowered(name);
  std::replace(out.begin(), out.end(), '-', '_');
  return out;
}

// The name without case and separators: what is left when only those differ.
std::string bare(std::string_view name) {
  std::string out;
  for (char c : name) {
    if (c != '_' && c != '.' && c != '-') out.push_back(static_cast<char>(std::tolower(static_cast<unsigned char>(c))));
  }
  return out;
}

struct Scored {
  std::string_view name;
  std::size_t distance;
};

}  // namespace

Suggestions suggest(std::string_view word, const std::vector<std::string_view>& candidates, SuggestOptions options) {
  Suggestions out;
  if (word.empty() || word.size() > 200) return out;
  const std::string word_lower = lowered(word);
  const std::string word_folded = folded(word);
  const auto word_models = model_tokens(word);
  std::vector<Scored> scored;
  for (auto candidate : candidates) {
    if (candidate.size() > 200 || candidate == word) continue;
    std::string candidate_lower = lowered(candidate);
    bool completion = word.size() >= 3 && candidate_lower.size() > word_lower.size() &&
                      candidate_lower.compare(0, word_lower.size(), word_lower) == 0;
    // A catalog name is compared without case and separator slips (`nvidia.H100_SXM`);
    // other names keep their case, which can matter (a unit's `Mb` is not `MB`).
    std::size_t distance = candidate_lower == word_lower ? 0
                           : options.catalog            ? edit_distance(word_folded, folded(candidate))
                                                        : edit_distance(word, candidate);
    std::size_t limit = std::max<std::size_t>(1, std::max(word.size(), candidate.size()) / 3);
    if (distance > limit && !completion) continue;
    if (options.catalog) {
      // Without a model token the word names no model to keep to: only names without one,
      // or that it is the start of (nvidia.rtx -> nvidia.rtx_4090).
      auto models = model_tokens(candidate);
      if (word_models.empty() ? !models.empty() && !completion : !holds_in_order(models, word_models)) continue;
    }
    scored.push_back({candidate, distance});
  }
  std::sort(scored.begin(), scored.end(), [](const Scored& a, const Scored& b) {
    return a.distance != b.distance ? a.distance < b.distance : a.name < b.name;
  });
  for (std::size_t i = 0; i < scored.size() && i < kMaxSuggestions; ++i) out.candidates.emplace_back(scored[i].name);
  // Certain: one or two slips, and the next best is at least two edits further.
  out.certain = !scored.empty() && scored[0].distance <= 2 &&
                (scored.size() == 1 || scored[1].distance >= scored[0].distance + 2) &&
                (!options.catalog || bare(scored[0].name) == bare(word));
  return out;
}

std::string did_you_mean(const Suggestions& suggestions) {
  const auto& c = suggestions.candidates;
  if (c.empty()) return {};
  auto quoted = [](const std::string& s) { return "'" + s + "'"; };
  if (c.size() == 1) return fmt::format("did you mean {}?", quoted(c[0]));
  std::string list;
  for (std::size_t i = 0; i + 1 < c.size(); ++i) list += (i ? ", " : "") + quoted(c[i]);
  return fmt::format("did you mean {}{} or {}?", c.size() > 2 ? "one of " : "", list, quoted(c.back()));
}

bool add_suggestions(Diagnostic& diagnostic, const Suggestions& suggestions, SourceRange range) {
  if (suggestions.candidates.empty()) return false;
  if (suggestions.certain) {
    // One answer: listing the others as well would read as if it were a guess.
    diagnostic.hint = did_you_mean({{suggestions.candidates.front()}, true});
    diagnostic.fixits.push_back({range, suggestions.candidates.front()});
  } else {
    diagnostic.hint = did_you_mean(suggestions);
  }
  return true;
}

}  // namespace gpuspec::sema
