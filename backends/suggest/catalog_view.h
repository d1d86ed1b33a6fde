// Reading catalog entries for the search: numbers, symbols and lists of a part.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "sema/program.h"

namespace gpuspec::suggest {

// A quantity property in base units (bytes, watts, ...), or a count.
std::optional<double> number(const sema::DeclEntry& entry, std::string_view property);
// A symbol or string property.
std::string text(const sema::DeclEntry& entry, std::string_view property);
// The items of a list property (symbols, references or strings); empty when absent.
std::vector<std::string> items(const sema::DeclEntry& entry, std::string_view property);
// A multiplicity property of a catalog entry, `gpu = 8 x nvidia.h100_80gb_sxm` of an
// instance or `cpu = 2 x amd.epyc_7742` of a complete system: the count and the entry.
struct CountedPart {
  double count = 1;
  const sema::DeclEntry* entry = nullptr;
};
std::optional<CountedPart> counted_part(const sema::Program& program, const sema::DeclEntry& entry,
                                        std::string_view property);
// A list of multiplicities, `ships_with = [6 x generic.psu_3000w_titanium, ...]` of a
// chassis: each item's count and entry; empty when absent.
std::vector<CountedPart> counted_parts(const sema::Program& program, const sema::DeclEntry& entry,
                                       std::string_view property);
// The part of catalog kind `kind` (psu, nic) that `chassis` ships with as standard (its
// `ships_with`), with its count: entry null and count 0 when it ships with none.
CountedPart shipped_part(const sema::Program& program, const sema::DeclEntry& chassis, std::string_view kind);

}  // namespace gpuspec::suggest
