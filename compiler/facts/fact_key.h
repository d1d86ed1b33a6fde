// A fact name with its registry id, resolved once per call site (issue 12).
//
// Resolvers set and read ~300 fact names per declaration; hashing each name on
// every set/find was a fifth of a check. `"gpu.count"_fact` resolves the name the
// first time that line runs (a function-local static per distinct literal) and
// afterwards costs a load. A name the registry lacks keeps kNoFactId and its text,
// so a FactSet still stores it by name, exactly as a plain string would.
#pragma once

#include <algorithm>
#include <cstddef>
#include <string_view>

#include "facts/fact_schema.h"

namespace gpuspec::facts {

struct FactKey {
  FactId id = kNoFactId;
  std::string_view name;  // static storage: the literal's template parameter object, or the registry entry
};

// The key of a name known only at run time: one hash, as before.
inline FactKey fact_key(std::string_view name) { return {FactSchema::builtin().id(name), name}; }

namespace detail {
// A string literal as a class-type template argument, so each literal gets its own static.
template <std::size_t N>
struct FactNameLiteral {
  char chars[N]{};
  constexpr FactNameLiteral(const char (&text)[N]) { std::copy_n(text, N, chars); }
  constexpr std::string_view view() const { return {chars, N - 1}; }
};
}  // namespace detail

// Inline, like std::literals: found inside gpuspec::facts without a using-directive.
inline namespace literals {
template <detail::FactNameLiteral Name>
FactKey operator""_fact() {
  static const FactId id = FactSchema::builtin().id(Name.view());
  return {id, Name.view()};
}
}  // namespace literals

}  // namespace gpuspec::facts
