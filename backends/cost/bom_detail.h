// What the BOM's three steps share: assembling the lines (bom.cpp), pricing them with
// system prices taken into account (bom_price.cpp), and finding the roles no line fills
// (bom_roles.cpp).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "backends/cost/bom.h"
#include "backends/cost/price_book.h"
#include "diag/diagnostic.h"
#include "sema/program.h"

namespace gpuspec::cost::bom_detail {

// A catalog entry's symbol or string property, "" when absent.
std::string catalog_text(const sema::DeclEntry& entry, std::string_view key);

// Prices every line in the BOM currency, after marking what the chassis covers (a system
// price's `includes` covers the parts it lists, a barebone's own board a `motherboard`).
// An unpriced part is one `missing-price` warning however many lines use it.
void price_lines(const sema::Program& program, const ast::Declaration& decl, const std::string& region,
                 const PriceBook& book, Bom& bom, DiagnosticEngine& diags);

// The roles the server needs that no line of the BOM fills.
std::vector<MissingRole> missing_roles(const sema::Program& program, const ast::Declaration& decl);

}  // namespace gpuspec::cost::bom_detail
