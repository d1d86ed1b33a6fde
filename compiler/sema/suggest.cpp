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

// The tokens of a name that hold digits, each as the letters before its first digit
// and its runs of digits: "nvidia.a100_80gb_sxm" -> {("a", "100"), ("", "80")}.
using ModelToken = std::pair<std::string, std::vector<std::string>>;
std::vector<ModelToken> model_tokens(std::string_view name) {
  std::vector<ModelToken> tokens;
  std::size_t i = 0;
  while (i < name.size()) {
    std::size_t end = name.find_first_of("._-", i);
    if (end == std::string_view::npos) end = name.size();
    std::string_view token = name.substr(i, end - i);
    auto first_digit = token.find_first_of("0123456789");
    if (first_digit != std::string_view::npos) {
      ModelToken model{lowered(token.substr(0, first_digit)), {}};
      for (std::size_t k = first_digit; k < token.size();) {
        if (!std::isdigit(static_cast<unsigned char>(token[k]))) {
          ++k;
          continue;
        }
        std::size_t start = k;
        while (k < token.size() && std::isdigit(static_cast<unsigned char>(token[k]))) ++k;
        model.second.emplace_back(token.substr(start, k - start));
      }
      tokens.push_back(std::move(model));
    }
    i = end + 1;
  }
  return tokens;
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
  const auto word_models = model_tokens(word);
  std::vector<Scored> scored;
  for (auto candidate : candidates) {
    if (candidate.size() > 200 || candidate == word) continue;
    std::string candidate_lower = lowered(candidate);
    bool completion = word.size() >= 3 && candidate_lower.size() > word_lower.size() &&
                      candidate_lower.compare(0, word_lower.size(), word_lower) == 0;
    std::size_t distance = candidate_lower == word_lower ? 0 : edit_distance(word, candidate);
    std::size_t limit = std::max<std::size_t>(1, std::max(word.size(), candidate.size()) / 3);
    if (distance > limit && !completion) continue;
    if (options.catalog) {
      auto models = model_tokens(candidate);
      bool same = models == word_models;
      bool extends = completion && models.size() >= word_models.size() &&
                     std::equal(word_models.begin(), word_models.end(), models.begin());
      if (!same && !extends) continue;
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
