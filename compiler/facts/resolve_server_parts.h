// Internal to the server resolver: the pieces resolve_server() composes, one concern per
// file, and the small helpers they share.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "facts/fact_builder.h"
#include "facts/fact_memo.h"

namespace gpuspec::facts {

units::Quantity scaled(units::Quantity q, double factor);

// The drives of `storage.<volume>`: a counted disk or a `{ drives = N x disk }` block.
std::optional<Counted> volume_drives(const FactBuilder& b, std::string_view volume);

// Runs parts of a server's own facts through the library's memo (fact_memo.h). A part
// writes facts and reads the set and, through find_property/find_block, the server's body.
// Each top-level item it reads (`storage` for `storage.data.drives`) is a read the memo
// records like a fact's: by its key, with its text and the library declaration every name
// in it resolves to, or its absence; each item read is an anchor (its origins move with it
// to the replaying server's item), the server's name and kind are slots. A part runs
// plainly when the builder has no file or the body was recovered from a syntax error, and
// keeps nothing when an item it read names one of the program's own declarations.
// Per part rather than per server: 72 % of a folder's servers repeat another's parts, but
// an entry of a whole server's ~150 facts for each of thousands of part combinations was
// ~85 MB; a part has a few combinations (issue 28).
class ServerPartMemo final : ItemReader {
 public:
  explicit ServerPartMemo(FactBuilder& b);
  void run(std::string_view part, void (*add)(FactBuilder&));

 private:
  bool observe(std::string_view key, std::string& out, SourceRange& anchor) const override;
  // A top-level item of the body, prepared once for every part that reads it.
  struct Item {
    std::string_view key;
    SourceRange range;
    std::string identity;  // its text's length and text, then the declarations its names resolve to
    bool shared = true;    // no name in it is the program's own
  };
  FactBuilder& b_;
  const FactMemo* memo_ = nullptr;  // null: every part runs plainly
  std::vector<Item> items_;
};

// resolve_topology.cpp: chassis, GPU baseboard, PCIe lanes, NIC ports and fabric sizing.
// Reads the GPU, CPU, storage and network facts, so it runs after them.
void add_topology_facts(FactBuilder& b);

// resolve_power.cpp: the full-load draw term by term (or the vendor's published system
// maximum) and the PSU capacity each psu_mode leaves for it. Runs after the topology
// (it reads the baseboard). Two parts, which resolve_server runs through the memo: the
// supplies (psu.*) and the load (power.*).
void add_supply_facts(FactBuilder& b);
void add_load_facts(FactBuilder& b);

}  // namespace gpuspec::facts
