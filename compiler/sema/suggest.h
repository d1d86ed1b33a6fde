// "Did you mean" suggestions by edit distance, and when one is certain enough to be
// a fix-it that `gpuspec check --fix` applies without asking.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "diag/diagnostic.h"

namespace gpuspec::sema {

std::size_t edit_distance(std::string_view a, std::string_view b);

// The closest candidate, if it is close enough to be a plausible typo
// (distance at most a third of the longer word, and at least 1 edit allowed).
std::optional<std::string> nearest(std::string_view word, const std::vector<std::string_view>& candidates);

struct SuggestOptions {
  // Catalog names, whose tokens with digits name a model, a generation or a
  // capacity (a100 / h100 / a10, p5 / p4d, 80gb / 40gb):
  // - case and separators are compared away (nvidia.rtx4090, nvidia.RTX_4090 and
  //   nvidia.rtx_4090 are one name, models.llama_3_8b is models.llama3_8b);
  // - a candidate whose model tokens differ (other letters before the digits, or
  //   other digits) is another part and is never suggested; a candidate may add tokens
  //   (nvidia.a100 -> nvidia.a100_80gb_sxm, nvidia.h100_sxm -> nvidia.h100_80gb_sxm);
  // - a suggestion is certain only when it differs in case or separators alone
  //   (nvidia.RTX4090 -> nvidia.rtx_4090): one more letter can be another product
  //   (L40 / L40S).
  bool catalog = false;
};

struct Suggestions {
  std::vector<std::string> candidates;  // closest first, at most kMaxSuggestions
  // The first candidate is what was meant beyond reasonable doubt: it is one slip
  // away (a case difference, one or two edits), and no other candidate is nearly
  // as close. Only then may a fix-it replace the word.
  bool certain = false;
};
inline constexpr std::size_t kMaxSuggestions = 5;

// Typos (within a third of the word's length) and completions (the word is the
// start of a longer name: llm13b -> llm13b_lora, nvidia.a100_80gb -> ..._sxm and
// ..._pcie), closest first.
Suggestions suggest(std::string_view word, const std::vector<std::string_view>& candidates, SuggestOptions options = {});

// "did you mean 'a'?", "did you mean 'a' or 'b'?", "did you mean one of 'a', 'b' or 'c'?";
// empty without candidates.
std::string did_you_mean(const Suggestions& suggestions);

// Sets the did-you-mean hint, and a fix-it replacing `range` with the first
// candidate when it is certain. Returns false (and changes nothing) without candidates.
bool add_suggestions(Diagnostic& diagnostic, const Suggestions& suggestions, SourceRange range);

}  // namespace gpuspec::sema
