// From what the formats found to the price-book file: rows that state the same price
// become one entry, rows that disagree are skipped, every entry gets a declaration
// name, and the file is written sorted and in the canonical layout (`gpuspec fmt`).
#pragma once

#include <string>

#include "backends/prices_import/import_types.h"

namespace gpuspec::prices_import {

// Merges and names the entries (sorted by name). For a cloud format, rows for one item,
// region and kind with the same amount are one entry (the newest as_of); rows with
// different amounts are skipped as a conflict, since the import cannot tell which one
// is the price. A vendor quote's lines stay one entry each.
void finish_import(Format format, ImportResult& result, const ImportOptions& options);

// The price-book file: a header naming the sources, then one `price` per entry.
std::string price_book_text(Format format, const ImportResult& result);

// An entry's unit as the language writes it ("USD/h", "CNY") and its amount ("2.5 USD/h",
// a range "2.5 USD/h .. 2.6 USD/h"): the file and the report write them alike.
std::string unit_of(const PriceEntry& entry);
std::string amount_text(const PriceEntry& entry);

// A declaration-name segment: lower case letters, digits and `_`, starting with a letter.
std::string name_segment(std::string_view text);

}  // namespace gpuspec::prices_import
