// `azure-retail`: pages of the Azure Retail Prices API (prices.azure.com/api/retail/prices),
// each a JSON object with `Items` and a `NextPageLink`; several pages are several files.
// An item prices a catalog machine by armSkuName. Linux pay-as-you-go items
// (type Consumption, "1 Hour") are on_demand, their Spot meters spot; a Reservation item
// states the price of the whole term, so reserved_1y/_3y are that price over the term's
// hours (8760 or 26280), rounded to a millionth. Windows, low-priority and DevTest items
// are skipped, and so is an item past its effectiveEndDate. as_of is each item's
// effectiveStartDate.
#include <fmt/format.h>

#include <filesystem>
#include <map>
#include <optional>

#include "backends/prices_import/decimal.h"
#include "backends/prices_import/import_common.h"
#include "backends/prices_import/json_stream.h"

namespace gpuspec::prices_import {

namespace {

using Fields = std::map<std::string, std::string>;

// A reservation's hourly amount is its term price over the term's hours: a millionth of
// a currency unit per hour is finer than any bill.
constexpr int kTermDecimals = 6;

std::string get(const Fields& fields, const char* key) {
  auto it = fields.find(key);
  return it == fields.end() ? std::string() : it->second;
}

// The purchase an item prices: its price kind and, for a reservation, the hours of the term.
struct Purchase {
  std::string kind;
  unsigned long long term_hours = 0;
  std::string note;
};

std::optional<Purchase> purchase_of(const Fields& item, const std::string& subject, const std::string& catalog_name,
                                    ImportContext& context) {
  std::string type = get(item, "type");
  std::string meter = get(item, "skuName") + " " + get(item, "meterName");
  if (meter.find("Low Priority") != std::string::npos) {
    skip(context, SkipReason::LowPriority, subject, catalog_name);
    return std::nullopt;
  }
  bool spot = meter.find("Spot") != std::string::npos;
  if (type == "Consumption") {
    if (get(item, "unitOfMeasure") != "1 Hour") {
      skip(context, SkipReason::Unit, subject, catalog_name, "unitOfMeasure '" + get(item, "unitOfMeasure") + "'");
      return std::nullopt;
    }
    return spot ? Purchase{"spot", 0, "Linux Spot price per hour (evictable)."}
                : Purchase{"on_demand", 0, "Linux pay-as-you-go price per hour."};
  }
  if (type == "Reservation" && !spot) {
    if (get(item, "unitOfMeasure") != "1 Hour") {
      skip(context, SkipReason::Unit, subject, catalog_name, "unitOfMeasure '" + get(item, "unitOfMeasure") + "'");
      return std::nullopt;
    }
    std::string term = get(item, "reservationTerm");
    if (term == "1 Year") return Purchase{"reserved_1y", 8760, ""};
    if (term == "3 Years") return Purchase{"reserved_3y", 26280, ""};
    skip(context, SkipReason::PurchaseTerm, subject, catalog_name, "reservationTerm '" + term + "'");
    return std::nullopt;
  }
  skip(context, SkipReason::PurchaseTerm, subject, catalog_name, "type " + type);
  return std::nullopt;
}

void price_item(const Fields& item, const std::string& file, ImportContext& context) {
  std::string sku = get(item, "armSkuName");
  std::string region = get(item, "armRegionName");
  std::string subject = fmt::format("{} in {} ({} '{}')", sku.empty() ? "?" : sku, region.empty() ? "?" : region,
                                    get(item, "type"), get(item, "meterName"));
  if (sku.empty()) {
    skip(context, SkipReason::NotACatalogKind, get(item, "productName").empty() ? subject : get(item, "productName"));
    return;
  }
  auto matches = context.catalog.machines("azure", sku);
  if (matches.empty()) {
    skip(context, SkipReason::UnknownSku, subject);
    return;
  }
  if (matches.size() > 1) {
    skip(context, SkipReason::Ambiguous, subject, {}, fmt::format("{} and {}", matches[0]->name, matches[1]->name));
    return;
  }
  const CatalogItem& catalog_item = *matches.front();
  std::string service = get(item, "serviceName");
  if (!service.empty() && service != "Virtual Machines") {
    skip(context, SkipReason::NotACatalogKind, subject, catalog_item.name, "serviceName " + service);
    return;
  }
  if (get(item, "productName").find("Windows") != std::string::npos) {
    skip(context, SkipReason::NotLinux, subject, catalog_item.name, "productName " + get(item, "productName"));
    return;
  }
  auto purchase = purchase_of(item, subject, catalog_item.name, context);
  if (!purchase) return;
  if (region.empty()) {
    skip(context, SkipReason::MissingField, subject, catalog_item.name, "no armRegionName");
    return;
  }
  if (auto problem = region_problem(catalog_item, region, context.options)) {
    skip(context, *problem, subject, catalog_item.name);
    return;
  }
  auto currency = book_currency(get(item, "currencyCode"));
  if (!currency) {
    skip(context, SkipReason::Currency, subject, catalog_item.name, "currencyCode " + get(item, "currencyCode"));
    return;
  }
  std::optional<std::string> date;
  if (std::string start = get(item, "effectiveStartDate"); !start.empty()) {
    date = calendar_date(start);
    if (!date) {
      skip(context, SkipReason::BadDate, subject, catalog_item.name, "effectiveStartDate " + start);
      return;
    }
    if (*date > context.options.today) {
      skip(context, SkipReason::NotInEffect, subject, catalog_item.name, "effectiveStartDate " + *date);
      return;
    }
  }
  if (std::string end = get(item, "effectiveEndDate"); !end.empty()) {
    auto end_date = calendar_date(end);
    if (!end_date) {
      skip(context, SkipReason::BadDate, subject, catalog_item.name, "effectiveEndDate " + end);
      return;
    }
    if (*end_date <= context.options.today) {
      skip(context, SkipReason::Expired, subject, catalog_item.name, "effectiveEndDate " + *end_date);
      return;
    }
  }
  if (std::string tier = get(item, "tierMinimumUnits"); !tier.empty() && parse_decimal(tier).problem != SkipReason::PriceZero) {
    skip(context, SkipReason::Tiered, subject, catalog_item.name, "tierMinimumUnits " + tier);
    return;
  }
  std::string stated = get(item, "retailPrice");
  ParsedDecimal price = parse_decimal(stated);
  if (price.problem) {
    skip(context, *price.problem, subject, catalog_item.name, "retailPrice " + (stated.empty() ? "missing" : stated));
    return;
  }
  PriceEntry entry;
  entry.item = catalog_item.name;
  entry.item_kind = catalog_item.kind;
  entry.kind = purchase->kind;
  std::string hourly = purchase->term_hours ? divide_decimal(price.text, purchase->term_hours, kTermDecimals) : price.text;
  if (hourly == "0") {
    skip(context, SkipReason::PriceZero, subject, catalog_item.name, "retailPrice " + stated + " over the term");
    return;
  }
  entry.amount = {hourly, hourly};
  entry.currency = *currency;
  entry.per_time = "h";
  entry.region = region;
  entry.source = fmt::format("Azure Retail Prices API page {}: meter {} '{}', skuName '{}', type {}{}", file,
                             get(item, "meterId").empty() ? "?" : get(item, "meterId"), get(item, "productName"),
                             get(item, "skuName"), get(item, "type"),
                             purchase->term_hours ? ", " + get(item, "reservationTerm") : std::string());
  entry.source_url = context.options.source_url.value_or("https://prices.azure.com/api/retail/prices");
  entry.origin = subject;
  if (purchase->term_hours) {
    add_note(entry, fmt::format("retailPrice {} {} is the price of the whole {} reservation; the amount is that over its "
                                "{} hours, rounded to {} decimals.",
                                price.text, *currency, get(item, "reservationTerm"), purchase->term_hours,
                                kTermDecimals));
  } else {
    add_note(entry, purchase->note);
  }
  if (date) entry.as_of = *date;
  else set_undated(entry, context.options, "The API item (no effectiveStartDate)");
  context.result.entries.push_back(std::move(entry));
}

// Depth 1: the page (BillingCurrency, NextPageLink, Count); 2: Items; 3: an item.
class PageHandler final : public JsonPathHandler {
 public:
  PageHandler(std::string file, ImportContext& context) : file_(std::move(file)), context_(context) {}
  bool saw_items() const { return saw_items_; }
  const Fields& page() const { return page_; }
  std::size_t items() const { return items_; }

 protected:
  bool on_value(const std::string& text, bool is_string) override {
    std::string value = is_string || text != "null" ? text : std::string();
    if (depth() == 1) {
      page_[key()] = value;
    } else if (depth() == 2 && path()[1] == "Items") {
      ++items_;
      skip(context_, SkipReason::MissingField, fmt::format("item {} of {}", items_, file_), {}, "not an object");
    } else if (depth() == 3 && path()[1] == "Items") {
      item_[key()] = value;
    }
    return true;
  }
  bool on_open(bool is_object) override {
    if (depth() == 1 && !is_object) return stop("the top level is an array, not a Retail Prices API page");
    if (depth() == 2 && path()[1] == "Items") {
      if (is_object) return stop("'Items' is an object, not the array of a Retail Prices API page");
      saw_items_ = true;
    }
    if (depth() == 3 && path()[1] == "Items") item_.clear();
    return true;
  }
  bool on_close(bool is_object) override {
    if (depth() == 3 && path()[1] == "Items") {
      ++items_;
      if (is_object) price_item(item_, file_, context_);
      else skip(context_, SkipReason::MissingField, fmt::format("item {} of {}", items_, file_), {}, "not an object");
    }
    return true;
  }

 private:
  std::string file_;
  ImportContext& context_;
  Fields page_, item_;
  bool saw_items_ = false;
  std::size_t items_ = 0;
};

}  // namespace

bool import_azure_retail(const std::string& path, ImportContext& context) {
  const SourceFile* file = load_input(path, context);
  if (!file) return false;
  std::string name = std::filesystem::path(path).filename().string();
  std::size_t first_entry = context.result.entries.size();
  PageHandler handler(name, context);
  if (!parse_json_text(file->text(), handler)) {
    context.result.entries.resize(first_entry);
    report_json_error(context, *file, handler);
    return false;
  }
  if (!handler.saw_items()) {
    context.result.entries.resize(first_entry);
    report_error(context, *file, 0, 1, "import-format", "not an Azure Retail Prices API page: it has no 'Items' array");
    return false;
  }
  context.result.rows += handler.items();
  std::string next = get(handler.page(), "NextPageLink");
  context.result.described.push_back(
      fmt::format("{}: Azure Retail Prices API page, {} items, BillingCurrency {}, {}", name, handler.items(),
                  get(handler.page(), "BillingCurrency").empty() ? "not stated" : get(handler.page(), "BillingCurrency"),
                  next.empty() ? "the last page" : "a next page follows"));
  if (!next.empty()) context.result.notes.push_back(fmt::format("{} names a next page: {}", name, next));
  return true;
}

}  // namespace gpuspec::prices_import
