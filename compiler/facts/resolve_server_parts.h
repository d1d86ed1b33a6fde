// Internal to the server resolver: the pieces resolve_server() composes, one concern per
// file, and the small helpers they share.
#pragma once

#include <initializer_list>
#include <optional>
#include <string_view>

#include "facts/fact_builder.h"

namespace gpuspec::facts {

units::Quantity scaled(units::Quantity q, double factor);

// The drives of `storage.<volume>`: a counted disk or a `{ drives = N x disk }` block.
std::optional<Counted> volume_drives(const FactBuilder& b, std::string_view volume);

// Runs `add` on `b` through the library's memo (fact_memo.h). `add` writes a part of a
// server's own facts and reads, of the server's body, only the top-level items whose key
// is one of `keys` or one of them and a dot (`storage`, `storage.data.drives`). Keyed by
// `part`, the text of those items and the library declaration every name in them
// resolves to; each item is an anchor (its origins move with it to the replaying server's
// item), the server's name and kind are slots; what `add` reads of the set the memo
// records. Runs plainly when it cannot be keyed so: the builder has no file, the body was
// recovered from a syntax error, or a name is one of the program's own declarations.
// Per part rather than per server: 72 % of a folder's servers repeat another's parts, but
// an entry of a whole server's ~150 facts for each of thousands of part combinations was
// ~85 MB; a part has a few combinations (issue 28).
void memoized_part(FactBuilder& b, std::string_view part, std::initializer_list<std::string_view> keys,
                   void (*add)(FactBuilder&));

// resolve_topology.cpp: chassis, GPU baseboard, PCIe lanes, NIC ports and fabric sizing.
// Reads the GPU, CPU, storage and network facts, so it runs after them.
void add_topology_facts(FactBuilder& b);

// resolve_power.cpp: the full-load draw term by term (or the vendor's published system
// maximum) and the PSU capacity each psu_mode leaves for it. Runs after the topology
// (it reads the baseboard).
void add_power_facts(FactBuilder& b);

}  // namespace gpuspec::facts
