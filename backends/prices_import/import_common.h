// What the format readers share: reading a small input into the source manager (so
// its errors show line, column and a caret), dates, regions, currencies and skips.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "backends/prices_import/import_types.h"
#include "backends/prices_import/json_stream.h"

namespace gpuspec::prices_import {

// Reads a whole input of at most GPUSPEC_MAX_FILE_SIZE (the limit of every input that
// is held in memory) and adds it to the source manager; nullptr after reporting why not.
const SourceFile* load_input(const std::string& path, ImportContext& context);

// An error at `offset` in `file` (id "import-<what>"): the run imports nothing.
void report_error(ImportContext& context, const SourceFile& file, std::uint32_t offset, std::uint32_t length,
                  std::string id, std::string message);
// Why `handler` could not parse `file` (a syntax error, or what made it stop), at the
// byte where it happened: id import-json for a syntax error, import-format otherwise.
void report_json_error(ImportContext& context, const SourceFile& file, const JsonPathHandler& handler);
// An error about a whole file that has no position (it could not be opened).
void report_file_error(ImportContext& context, std::string id, std::string message);

void skip(ImportContext& context, SkipReason reason, std::string subject, std::string item = {},
          std::string detail = {});

// "2026-09-10" from "2026-09-10", "2026-09-10T19:55:14Z" or "2026-09-10 19:55"; nullopt
// when the text does not start with a calendar day.
std::optional<std::string> calendar_date(std::string_view text);

// Why `item` cannot be priced in `region`: outside --region, or a region the catalog
// does not list for it (an item that lists none may be priced anywhere).
std::optional<SkipReason> region_problem(const CatalogItem& item, const std::string& region, const ImportOptions& options);

// "USD" and "CNY" (any case) are the price book's currencies.
std::optional<std::string> book_currency(std::string_view code);

// The date of an entry whose source states none: the user's --as-of (recorded as
// theirs in `notes`), else "undated" with verified = false.
void set_undated(PriceEntry& entry, const ImportOptions& options, std::string_view what_states_no_date);

// Appends a sentence to an entry's notes.
void add_note(PriceEntry& entry, std::string_view sentence);

}  // namespace gpuspec::prices_import
