// The fact names of facts/facts.def as constants (issue 28): what a "x.y"_fact
// literal finds its id in while compiling (fact_key.h), so a misspelt name does not
// compile. Types and docs are built at run time (fact_schema.cpp), since a symbol
// type reads the sema property schemas.
#pragma once

#include <cstddef>
#include <cstdint>
#include <iterator>
#include <string_view>

namespace gpuspec::facts {

// A fact's position in facts.def, and in FactSchema::builtin(): the slot a FactSet keeps it in.
using FactId = std::uint16_t;
inline constexpr FactId kNoFactId = 0xFFFF;

inline constexpr std::string_view kFactNames[] = {
#define FACT(name, type, doc) name,
#include "facts/facts.def"
#undef FACT
};
inline constexpr std::size_t kFactCount = std::size(kFactNames);
static_assert(kFactCount < kNoFactId, "FactId is 16 bits with one value reserved");

// The id of `name`, kNoFactId when the table lacks it. A scan of a few hundred names,
// for the compiler to run: at run time FactSchema::id hashes.
constexpr FactId table_fact_id(std::string_view name) {
  for (std::size_t i = 0; i < kFactCount; ++i) {
    if (kFactNames[i] == name) return static_cast<FactId>(i);
  }
  return kNoFactId;
}

}  // namespace gpuspec::facts
