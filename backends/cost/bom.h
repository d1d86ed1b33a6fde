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
  std::string role;         // gpu, cpu, memory, storage.data, psu, chassis, nic, switch, cable, nvlink_bridge, gpu_baseboard
  std::string part;         // catalog name
  std::string description;  // the vendor's name (catalog `description`), or the part name
  double quantity = 0;      // for the whole cluster
  double per_node = 0;      // 0 for cluster-wide parts (fabric)
  bool implied = false;     // not written in the spec; implied by it
  std::string why;          // for implied lines: "one bridge per pair of PCIe cards"
  SourceRange at;           // the spec property it comes from
  // Price: nullopt = no price in the book ("no price", a missing-price error).
  std::optional<double> unit_price;  // in the BOM currency
  std::optional<double> line_total;
  const PriceEntry* price = nullptr;
  std::string conversion;   // Converted::describe(), or ""
  std::string per_capacity; // "80 USD per 1 TB x 3.84 TB" for a capacity-based price, else ""
};

struct Bom {
  std::string server;
  units::Currency currency = units::Currency::USD;
  double nodes = 1;
  std::vector<BomLine> lines;
  Total total;               // the priced line totals; a lower bound while a part is unpriced
  bool complete() const { return !total.lower_bound(); }
  std::vector<PriceSource> sources;  // every price and exchange rate the lines used
  // Summary from the facts.
  std::optional<units::Quantity> full_load, psu_capacity, memory_total, vram_total;
};

// The site's currency (site.currency), USD when none is declared.
units::Currency site_currency(const facts::FactSet& facts);

// `currency` overrides the site's (site.currency, default USD). Reports one
// `missing-price` error per unpriced part (with a note at each further line that uses
// it), or per missing exchange rate, into `diags`. A new build is priced from new-part
// prices (list, street, quote); a `used` price only when the user's own book has it.
Bom build_bom(const sema::Program& program, const sema::DeclEntry& server, const facts::FactSet& facts,
              const PriceBook& book, std::optional<units::Currency> currency, DiagnosticEngine& diags);

}  // namespace gpuspec::cost
