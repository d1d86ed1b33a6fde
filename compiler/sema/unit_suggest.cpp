#include "sema/unit_suggest.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>

#include "sema/suggest.h"

namespace gpuspec::sema {

namespace {

bool has_upper(std::string_view s) {
  return std::any_of(s.begin(), s.end(), [](char c) { return std::isupper(static_cast<unsigned char>(c)); });
}

std::string lowered(std::string_view s) {
  std::string out(s);
  for (auto& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

// `Gb` against `GB`: the same letters with a different case of b, which is bits
// against bytes. Written with a capital elsewhere (`Gb`, `Mb/s`) that is deliberate
// bit notation; all lower case (`gb`) is only careless casing.
bool bits_for_bytes(std::string_view word, std::string_view unit) {
  if (!has_upper(word)) return false;
  for (std::size_t i = 0; i < word.size() && i < unit.size(); ++i) {
    if ((word[i] == 'b' && unit[i] == 'B') || (word[i] == 'B' && unit[i] == 'b')) return true;
  }
  return false;
}

// `GBs` for `GB` (a plural) or `GB/s` (a dropped slash): one slip that keeps every
// letter the user wrote, so the scale cannot change.
bool plural_or_slash_slip(std::string_view word, std::string_view unit) {
  if (word.size() == unit.size() + 1 && word.back() == 's' && word.substr(0, unit.size()) == unit) return true;
  auto slash = unit.find('/');
  if (slash == std::string_view::npos || word.size() + 1 != unit.size()) return false;
  return word.substr(0, slash) == unit.substr(0, slash) && word.substr(slash) == unit.substr(slash + 1);
}

std::vector<std::string_view> units_of(const UnitContext& context) {
  std::vector<std::string_view> out;
  for (auto symbol : units::all_unit_symbols()) {
    const units::Unit* unit = units::find_unit(symbol);
    if (!context.expected || (unit && unit->dimension == *context.expected)) out.push_back(symbol);
  }
  return out;
}

// Abbreviations of durations that are not units of the language, each with the unit it
// stands for (singular, plural). Unambiguous only: `m` (minute? month?) is left out.
struct DurationAbbreviation {
  std::string_view written, singular, plural;
};
constexpr DurationAbbreviation kDurationAbbreviations[] = {
    {"sec", "s", "s"},         {"secs", "s", "s"},         {"second", "s", "s"},   {"seconds", "s", "s"},
    {"mins", "min", "min"},    {"minute", "min", "min"},   {"minutes", "min", "min"},
    {"hr", "h", "h"},          {"hrs", "h", "h"},
    {"d", "day", "days"},      {"dy", "day", "days"},
    {"wk", "week", "weeks"},   {"wks", "week", "weeks"},
    {"mo", "month", "months"}, {"mos", "month", "months"}, {"mth", "month", "months"}, {"mths", "month", "months"},
    {"y", "year", "years"},    {"yr", "year", "years"},    {"yrs", "year", "years"},
};

// `90 d`, `72 hr`: a common abbreviation of a duration. Certain: the abbreviation names
// one unit, so the fix-it writes it out; the scale never changes.
bool explain_duration_abbreviation(Diagnostic& d, const ast::QuantityLit& lit, const UnitContext& context) {
  if (context.expected && *context.expected != units::Dimension::duration()) return false;
  std::string word = lowered(lit.unit);
  for (const auto& abbreviation : kDurationAbbreviations) {
    if (abbreviation.written != word) continue;
    std::string_view unit = lit.number == 1 ? abbreviation.singular : abbreviation.plural;
    d.hint = fmt::format("did you mean '{}'? (durations are written s, min, h, days, weeks, months, years)", unit);
    d.fixits.push_back({lit.unit_range, std::string(unit)});
    return true;
  }
  return false;
}

std::string_view scale_name(char suffix) {
  switch (suffix) {
    case 'K': return "thousand";
    case 'M': return "million";
    case 'B': return "billion";
    default: return "trillion";
  }
}

// `4k`, `13b`, `7 B`: a scaled count written in lower case or with a space.
bool explain_scale_suffix(Diagnostic& d, const ast::QuantityLit& lit, SourceRange range, const UnitContext& context) {
  if (lit.unit.size() != 1) return false;
  char upper = static_cast<char>(std::toupper(static_cast<unsigned char>(lit.unit[0])));
  if (std::string_view("KMBT").find(upper) == std::string_view::npos) return false;
  if (context.expected && !context.count_expected) return false;  // `300 b` where bytes are wanted
  std::string written = fmt::format("{}{}", lit.number, upper);
  if (lit.unit[0] == upper) {
    d.hint = fmt::format("a scaled count takes no space: write '{}'", written);
  } else {
    d.hint = fmt::format("scale suffixes are upper case: write '{}' ({} {})", written, lit.number, scale_name(upper));
  }
  if (context.count_expected) d.fixits.push_back({range, written});
  return true;
}

}  // namespace

void explain_unknown_unit(Diagnostic& d, const ast::QuantityLit& lit, SourceRange range, const UnitContext& context) {
  if (explain_scale_suffix(d, lit, range, context)) return;
  if (explain_duration_abbreviation(d, lit, context)) return;
  const std::string& word = lit.unit;
  bool bandwidth_ok = !context.expected || *context.expected == units::Dimension::bandwidth();
  // `Gb/s`: bits per second have one spelling, `Gbps`.
  if (word.size() == 4 && word.substr(1) == "b/s" && std::string_view("MGT").find(word[0]) != std::string_view::npos) {
    std::string bits = fmt::format("{}bps", word[0]);
    d.hint = fmt::format("bits per second are written '{}'", bits);
    if (bandwidth_ok) d.fixits.push_back({lit.unit_range, bits});
    return;
  }
  std::vector<std::string_view> candidates = units_of(context);
  std::vector<std::string_view> certain;
  for (auto unit : candidates) {
    if ((lowered(unit) == lowered(word) && !bits_for_bytes(word, unit)) || plural_or_slash_slip(word, unit)) {
      certain.push_back(unit);
    }
  }
  if (certain.size() == 1) {
    d.hint = fmt::format("did you mean '{}'?", certain.front());
    d.fixits.push_back({lit.unit_range, std::string(certain.front())});
    return;
  }
  Suggestions suggestions = suggest(word, candidates);
  suggestions.certain = false;  // closeness alone could change the scale (GB/s, Gbps)
  if (add_suggestions(d, suggestions, lit.unit_range)) {
    for (const auto& unit : suggestions.candidates) {
      if (bits_for_bytes(word, unit)) {
        *d.hint += fmt::format(" (case matters: '{}' with a lower-case b would be bits, and one '{}' is eight of them)", word, unit);
        break;
      }
    }
  } else if (context.expected && !candidates.empty()) {
    d.hint = fmt::format("{} is written in {}", units::dimension_name(*context.expected), fmt::join(candidates, ", "));
  }
}

}  // namespace gpuspec::sema
