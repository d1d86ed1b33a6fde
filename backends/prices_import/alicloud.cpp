// `alicloud`: an Alibaba Cloud GPU VM price catalog in the layout SkyPilot's catalogs
// use (vms.csv: InstanceType, ..., Price, SpotPrice, Region, AvailabilityZone), the file
// a fetcher builds from the ECS API — DescribePrice per instance type and zone. A saved
// DescribePrice response alone cannot be imported: its body names neither the instance
// type nor the region (they are request parameters). Prices are per hour, in USD unless
// a Currency column says otherwise. Rows of one type in one region's zones become one
// entry: a range when the zones are priced differently. The catalog states no date.
#include <fmt/format.h>

#include <filesystem>
#include <map>
#include <tuple>

#include "backends/prices_import/csv_columns.h"
#include "backends/prices_import/decimal.h"
#include "backends/prices_import/import_common.h"

namespace gpuspec::prices_import {

namespace {

enum Column { kInstanceType, kRegion, kPrice, kSpotPrice, kZone, kCurrency };

const std::vector<CsvColumn>& columns() {
  static const std::vector<CsvColumn> kColumns = {
      {"instance type", {"InstanceType", "instance type"}, true},
      {"region", {"Region", "RegionId", "region id"}, true},
      {"price", {"Price", "on demand price"}, true},
      {"spot price", {"SpotPrice", "spot price"}, false},
      {"zone", {"AvailabilityZone", "ZoneId", "zone"}, false},
      {"currency", {"Currency", "CurrencyCode"}, false},
  };
  return kColumns;
}

// The zones' prices of one instance type, region and kind.
struct ZonePrices {
  const CatalogItem* item = nullptr;
  std::string currency;
  std::string low, high;
  std::vector<std::string> zones;  // "cn-hangzhou-b 2.5"
  std::vector<std::string> lines;
};

void add_price(std::map<std::tuple<std::string, std::string, std::string>, ZonePrices>& found, const CatalogItem& item,
               const std::string& region, const std::string& kind, const std::string& stated, const std::string& currency,
               const std::string& zone, const std::string& line, const std::string& subject, ImportContext& context) {
  ParsedDecimal price = parse_decimal(stated);
  if (price.problem) {
    skip(context, *price.problem, subject, item.name, fmt::format("{} {}", kind == "spot" ? "SpotPrice" : "Price", stated));
    return;
  }
  ZonePrices& zones = found[{item.name, region, kind}];
  if (!zones.item) {
    zones.item = &item;
    zones.currency = currency;
    zones.low = zones.high = price.text;
  } else if (zones.currency != currency) {
    skip(context, SkipReason::Conflict, subject, item.name, "zones priced in " + zones.currency + " and " + currency);
    return;
  }
  if (compare_decimal(price.text, zones.low) < 0) zones.low = price.text;
  if (compare_decimal(price.text, zones.high) > 0) zones.high = price.text;
  zones.zones.push_back(zone.empty() ? price.text : zone + " " + price.text);
  zones.lines.push_back(line);
}

}  // namespace

bool import_alicloud(const std::string& path, ImportContext& context) {
  auto input = read_csv_input(path, columns(), context);
  if (!input) return false;
  std::string file = std::filesystem::path(path).filename().string();
  std::map<std::tuple<std::string, std::string, std::string>, ZonePrices> found;
  const auto& records = input->table.records;
  for (std::size_t r = 1; r < records.size(); ++r) {
    const CsvRecord& record = records[r];
    ++context.result.rows;
    const std::string& type = column_text(record, input->layout, kInstanceType);
    const std::string& region = column_text(record, input->layout, kRegion);
    const std::string& zone = column_text(record, input->layout, kZone);
    std::string line = input->line_of(record);
    std::string subject = fmt::format("{}: {} in {}", line, type, zone.empty() ? region : zone);
    auto matches = context.catalog.machines("alicloud", type);
    if (matches.empty()) {
      skip(context, SkipReason::UnknownSku, subject);
      continue;
    }
    if (matches.size() > 1) {
      skip(context, SkipReason::Ambiguous, subject, {}, fmt::format("{} and {}", matches[0]->name, matches[1]->name));
      continue;
    }
    const CatalogItem& item = *matches.front();
    if (region.empty()) {
      skip(context, SkipReason::MissingField, subject, item.name, "no region");
      continue;
    }
    if (auto problem = region_problem(item, region, context.options)) {
      skip(context, *problem, subject, item.name);
      continue;
    }
    std::string stated_currency = column_text(record, input->layout, kCurrency);
    auto currency = stated_currency.empty() ? std::optional<std::string>("USD") : book_currency(stated_currency);
    if (!currency) {
      skip(context, SkipReason::Currency, subject, item.name, "Currency " + stated_currency);
      continue;
    }
    add_price(found, item, region, "on_demand", column_text(record, input->layout, kPrice), *currency, zone, line,
              subject, context);
    // An empty SpotPrice is a zone without a spot offer, not a price.
    if (const std::string& spot = column_text(record, input->layout, kSpotPrice); !spot.empty()) {
      add_price(found, item, region, "spot", spot, *currency, zone, line, subject + " (spot)", context);
    }
  }
  for (auto& [key, zones] : found) {
    const auto& [name, region, kind] = key;
    PriceEntry entry;
    entry.item = name;
    entry.item_kind = zones.item->kind;
    entry.kind = kind;
    entry.amount = {zones.low, zones.high};
    entry.currency = zones.currency;
    entry.per_time = std::string("h");  // a string literal here trips GCC 12's -Wrestrict false positive (PR 105329)
    entry.region = region;
    entry.source = fmt::format("Alibaba Cloud GPU VM price catalog {} (SkyPilot vms.csv layout, from the ECS DescribePrice "
                               "API), {} of {}",
                               file, fmt::join(zones.lines, ", "), zones.item->api_name);
    entry.source_url = context.options.source_url.value_or("");
    entry.origin = fmt::format("{} {}", file, zones.lines.front());
    add_note(entry, kind == "spot" ? "Spot price per hour." : "Pay-as-you-go price per hour.");
    if (zones.low != zones.high) {
      add_note(entry, fmt::format("The zones are priced differently: {}.", fmt::join(zones.zones, ", ")));
    }
    set_undated(entry, context.options, "The catalog");
    context.result.entries.push_back(std::move(entry));
  }
  context.result.described.push_back(fmt::format(
      "{}: Alibaba Cloud GPU VM price catalog (SkyPilot vms.csv layout), {} rows, undated", file, records.size() - 1));
  return true;
}

}  // namespace gpuspec::prices_import
