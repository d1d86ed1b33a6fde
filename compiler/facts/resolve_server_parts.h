// Internal to the server resolver: the pieces resolve_server() composes, one concern per
// file, and the small helpers they share.
#pragma once

#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "facts/fact_builder.h"

namespace gpuspec::facts {

class FactMemo;

units::Quantity scaled(units::Quantity q, double factor);

// The drives of `storage.<volume>`: a counted disk or a `{ drives = N x disk }` block.
std::optional<Counted> volume_drives(const FactBuilder& b, std::string_view volume);

// Runs parts of a server's own facts through the library's memo (fact_memo.h). A part
// writes facts and reads, of the server's body, only the top-level items whose key is one
// of the part's `keys` or one of them and a dot (`storage`, `storage.data.drives`). It is
// keyed by its name, the text of those items and the library declaration every name in
// them resolves to; each item is an anchor (its origins move with it to the replaying
// server's item), the server's name and kind are slots; what the part reads of the set
// the memo records. A part runs plainly when it cannot be keyed so: the builder has no
// file, the body was recovered from a syntax error, or a name in an item it reads is one
// of the program's own declarations.
// Per part rather than per server: 72 % of a folder's servers repeat another's parts, but
// an entry of a whole server's ~150 facts for each of thousands of part combinations was
// ~85 MB; a part has a few combinations (issue 28).
class ServerPartMemo {
 public:
  explicit ServerPartMemo(FactBuilder& b);
  void run(std::string_view part, std::initializer_list<std::string_view> keys, void (*add)(FactBuilder&));

 private:
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
// (it reads the baseboard).
void add_power_facts(FactBuilder& b);
// Its two parts, which resolve_server runs through the memo: the supplies (psu.*) and the
// load (power.*).
void add_supply_facts(FactBuilder& b);
void add_load_facts(FactBuilder& b);

}  // namespace gpuspec::facts
