// `csv`: a vendor's quote as CSV, one line per quoted part (docs/cost.md,
// "Importing prices", lists the header names each column may have). A line prices one
// unit of a catalog part (named by its catalog name or its description) with kind
// `quote`: the unit price, never unit price x quantity; a line total, when the quote
// has one, must agree with them. source names the vendor and the quote id; as_of is the
// line's date.
#include <fmt/format.h>

#include <cmath>
#include <cstdlib>
#include <filesystem>

#include "backends/prices_import/csv_columns.h"
#include "backends/prices_import/decimal.h"
#include "backends/prices_import/import_common.h"

namespace gpuspec::prices_import {

namespace {

enum Column { kPart, kQuantity, kUnitPrice, kCurrency, kDate, kQuoteId, kVendor, kNotes, kLineTotal };

const std::vector<CsvColumn>& columns() {
  static const std::vector<CsvColumn> kColumns = {
      {"part", {"part", "item", "part number", "part no", "sku", "product", "model"}, true},
      {"quantity", {"quantity", "qty", "count", "units"}, true},
      {"unit price", {"unit price", "price each", "unit cost", "price"}, true},
      {"currency", {"currency", "currency code", "ccy"}, true},
      {"date", {"date", "quote date", "date quoted", "quoted", "as of", "valid from"}, false},
      {"quote id", {"quote id", "quote", "quote number", "quote no", "reference", "ref"}, false},
      {"vendor", {"vendor", "supplier", "seller", "reseller"}, false},
      {"notes", {"notes", "note", "comments", "comment", "remarks"}, false},
      {"line total", {"line total", "total", "extended price", "ext price", "amount"}, false},
  };
  return kColumns;
}

// A whole number of at least 1 (a quote does not sell half a GPU), up to 9 digits.
std::optional<unsigned long> quantity_of(const std::string& text) {
  if (text.empty() || text.size() > 9 || text.find_first_not_of("0123456789") != std::string::npos) return std::nullopt;
  unsigned long value = std::strtoul(text.c_str(), nullptr, 10);
  if (value == 0) return std::nullopt;
  return value;
}

// Whether a stated line total is quantity x unit price, to the total's own precision
// (a quote rounds its totals to cents). A check, not a figure: long double suffices.
bool total_agrees(const std::string& total, const std::string& unit_price, unsigned long quantity) {
  std::size_t dot = total.find('.');
  int decimals = dot == std::string::npos ? 0 : static_cast<int>(total.size() - dot - 1);
  long double expected = std::strtold(unit_price.c_str(), nullptr) * static_cast<long double>(quantity);
  long double stated = std::strtold(total.c_str(), nullptr);
  return std::fabs(expected - stated) <= 0.5L * std::pow(10.0L, -decimals) + 1e-9L * expected;
}

}  // namespace

bool import_vendor_csv(const std::string& path, ImportContext& context) {
  auto input = read_csv_input(path, columns(), context);
  if (!input) return false;
  std::string file = std::filesystem::path(path).filename().string();
  const auto& records = input->table.records;
  for (std::size_t r = 1; r < records.size(); ++r) {
    const CsvRecord& record = records[r];
    ++context.result.rows;
    auto text = [&](Column c) -> const std::string& { return column_text(record, input->layout, c); };
    std::string line = input->line_of(record);
    std::string subject = fmt::format("{}: '{}'", line, text(kPart));
    if (text(kPart).empty()) {
      skip(context, SkipReason::MissingField, subject, {}, "no part");
      continue;
    }
    auto match = context.catalog.part(text(kPart));
    if (!match.ambiguous.empty()) {
      skip(context, SkipReason::Ambiguous, subject, {},
           fmt::format("the description of {} and {}", match.ambiguous[0]->name, match.ambiguous[1]->name));
      continue;
    }
    if (!match.item) {
      skip(context, SkipReason::UnknownPart, subject);
      continue;
    }
    const std::string& item = match.item->name;
    auto quantity = quantity_of(text(kQuantity));
    if (!quantity) {
      skip(context, SkipReason::Quantity, subject, item, "quantity '" + text(kQuantity) + "'");
      continue;
    }
    auto currency = book_currency(text(kCurrency));
    if (!currency) {
      skip(context, SkipReason::Currency, subject, item, "currency '" + text(kCurrency) + "'");
      continue;
    }
    ParsedDecimal price = parse_decimal(text(kUnitPrice), true);
    if (price.problem) {
      skip(context, *price.problem, subject, item, "unit price '" + text(kUnitPrice) + "'");
      continue;
    }
    if (!text(kLineTotal).empty()) {
      ParsedDecimal total = parse_decimal(text(kLineTotal), true);
      if (total.problem || !total_agrees(total.text, price.text, *quantity)) {
        skip(context, SkipReason::LineTotal, subject, item,
             fmt::format("{} x {} against a line total of '{}'", *quantity, price.text, text(kLineTotal)));
        continue;
      }
    }
    std::optional<std::string> date;
    if (!text(kDate).empty()) {
      date = calendar_date(text(kDate));
      if (!date) {
        skip(context, SkipReason::BadDate, subject, item, "date '" + text(kDate) + "' (write YYYY-MM-DD)");
        continue;
      }
      if (*date > context.options.today) {
        skip(context, SkipReason::NotInEffect, subject, item, "date " + *date);
        continue;
      }
    }
    PriceEntry entry;
    entry.item = item;
    entry.item_kind = match.item->kind;
    entry.kind = "quote";
    entry.amount = {price.text, price.text};
    entry.currency = *currency;
    if (context.options.region) entry.region = *context.options.region;
    std::string vendor = text(kVendor).empty() ? "Vendor" : text(kVendor);
    std::string quote = text(kQuoteId).empty() ? "quote" : "quote " + text(kQuoteId);
    entry.source = fmt::format("{} {} ({}, {})", vendor, quote, file, line);
    entry.source_url = context.options.source_url.value_or("");
    entry.name_hint = text(kVendor) + " " + text(kQuoteId);
    entry.origin = fmt::format("{} {}", file, line);
    add_note(entry, fmt::format("Unit price of {} x '{}' quoted{}.", *quantity, text(kPart),
                                match.by_description ? " (matched by the catalog description)" : ""));
    if (!text(kNotes).empty()) {
      const std::string& said = text(kNotes);
      add_note(entry, "The quote says: " + said + (said.ends_with('.') ? "" : "."));
    }
    if (date) entry.as_of = *date;
    else set_undated(entry, context.options, "The quote line");
    context.result.entries.push_back(std::move(entry));
  }
  context.result.described.push_back(fmt::format("{}: vendor quote CSV, {} lines", file, records.size() - 1));
  return true;
}

}  // namespace gpuspec::prices_import
