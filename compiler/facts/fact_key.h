// A fact name with its id (issues 12 and 28).
//
// Resolvers set and read ~300 fact names per declaration; hashing each name on
// every set/find was a fifth of a check. `"gpu.count"_fact` finds its id in the fact
// table (facts.def) while compiling, so at run time it costs nothing, and a name the
// table lacks does not compile: a typo cannot set a fact that no policy can read.
#pragma once

#include <algorithm>
#include <cstddef>
#include <string_view>

#include "facts/fact_table.h"

namespace gpuspec::facts {

struct FactKey {
  FactId id = kNoFactId;
  std::string_view name;  // static storage: the table's, or a policy's text (which outlives its program)
};

// The key of a name composed at run time ("storage.data." + field): one hash. Inside
// the compiler a name the table lacks is a programming error: it asserts (a Debug
// build), and else its key (kNoFactId) finds nothing and sets nothing (fact_schema.cpp).
FactKey fact_key(std::string_view name);

namespace detail {
// A string literal as a class-type template argument, so the name is a constant.
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
consteval FactKey operator""_fact() {
  constexpr FactId id = table_fact_id(Name.view());
  static_assert(id != kNoFactId, "a _fact literal names no fact of compiler/facts/facts.def");
  return {id, Name.view()};
}
}  // namespace literals

}  // namespace gpuspec::facts
