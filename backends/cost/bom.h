// The bill of materials of an on-premises `server`: every part with its quantity
// (per node x nodes), the parts the build implies (NVLink bridges, HGX baseboards,
// fabric switches and cables), each priced from the price book in the BOM currency.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "backends/cost/price_book.h"
#include "backends/cost/total.h"
#include "diag/diagnostic.h"
#include "facts/fact.h"
#include "sema/program.h"

namespace gpuspec::cost {

struct BomLine {
  // gpu, cpu, memory, motherboard, storage.data, psu, chassis, cooling, nic, switch, cable,
  // nvlink_bridge, gpu_baseboard
  std::string role;
  std::string part;         // catalog name
  std::string description;  // the vendor's name (catalog `description`), or the part name
  double quantity = 0;      // for the whole cluster
  double per_node = 0;      // 0 for cluster-wide parts (fabric)
  bool implied = false;     // not written in the spec; implied by it
  std::string why;          // for implied lines: "one bridge per pair of PCIe cards"
  SourceRange at;           // the spec property it comes from
  // Covered by the price of a system (a chassis price with `includes`, or a barebone's
  // own board): the system's name, and how many of the quantity it covers.
  std::string included_in;
  double included = 0;
  std::string included_why;  // "it ships with 6 as standard" for a chassis's standard parts, else ""
  // A host line (CPU, memory, a drive) the system's price may already hold: its price is a
  // configured server's whose host parts the source does not record (`covers_host =
  // unrecorded`). The line total then runs from 0 (the listing's own parts suffice) to the
  // full price (none included); `maybe_in` names the system and `maybe_price` that price.
  std::string maybe_in;
  const PriceEntry* maybe_price = nullptr;
  // Price: nullopt = no price in the book ("no price", a missing-price warning), or
  // nothing left to price once a system covers the whole quantity.
  std::optional<MoneyRange> unit_price;  // in the BOM currency; a range when the entry is one
  std::optional<MoneyRange> line_total;  // unit price x the quantity not included in a system
  const PriceEntry* price = nullptr;
  std::string conversion;   // Converted::describe(), or ""
  std::string per_capacity; // "80 USD per 1 TB x 3.84 TB" for a capacity-based price, else ""
  // The quote date when `price` is dated after it (no eligible price was in effect then:
  // PriceBook::dated_after), else "". Every format says so (dated_after_note).
  std::string dated_after;
  bool fully_included() const { return !included_in.empty() && included >= quantity; }
  bool maybe_included() const { return !maybe_in.empty(); }
};

// A role the build needs that no line fills (a `bom.incomplete` warning): a tower
// case's motherboard, a server's chassis, cooling the chassis is not built for.
struct MissingRole {
  std::string role;         // "motherboard", "chassis", "cooling"
  std::string why;          // what in the build needs it
  std::string hint;         // how to add it
  SourceRange at;           // the property that needs it (or the declaration's name)
};

struct Bom {
  std::string server;
  units::Currency currency = units::Currency::USD;
  double nodes = 1;
  std::vector<BomLine> lines;
  std::vector<MissingRole> missing_roles;
  Total total;               // the priced line totals; a lower bound while a part or role is unpriced
  bool complete() const { return !total.lower_bound(); }
  std::vector<PriceSource> sources;  // every price and exchange rate the lines used
  // Summary from the facts.
  std::optional<units::Quantity> full_load, psu_capacity, memory_total, vram_total;
};

// The site's currency (site.currency), USD when none is declared.
units::Currency site_currency(const facts::FactSet& facts);

// `currency` overrides the site's (site.currency, default USD). Reports one
// `missing-price` warning per unpriced part (with a note at each further line that uses
// it), or per missing exchange rate, and one `bom.incomplete` warning per missing role,
// into `diags`. A new build is priced from new-part prices (cost::is_new_part_kind); a
// `used` price only when the user's own book has it. A chassis priced as a system (its
// entry's `includes`) covers the parts it lists: they are not priced again.
// Whether a chassis is a case for a standard board (`board = atx` or `eatx`, or a tower that
// does not say) and so comes without one; a barebone or DGX (`board = proprietary`) has its
// own. bom.incomplete and suggest's sizing both ask it.
bool takes_standard_board(const sema::DeclEntry& chassis);

Bom build_bom(const sema::Program& program, const sema::DeclEntry& server, const facts::FactSet& facts,
              const PriceBook& book, std::optional<units::Currency> currency, DiagnosticEngine& diags);

}  // namespace gpuspec::cost
