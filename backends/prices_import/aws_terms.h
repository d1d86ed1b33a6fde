// The decisions of the `aws-offer` import, apart from the streaming: which product is
// the plain price of a catalog item, what each of its terms prices, and the file's date.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "backends/prices_import/import_types.h"

namespace gpuspec::prices_import {

// The offer file's own description of itself (top-level strings).
struct AwsOfferHeader {
  std::string format_version, offer_code, version, publication_date;
  void set(const std::string& key, const std::string& value);
};

struct AwsProduct {
  std::string sku;
  std::string family;
  std::map<std::string, std::string> attributes;
};

// A product kept for its terms: the catalog item it prices and where.
struct AwsKeptProduct {
  const CatalogItem* item = nullptr;
  std::string region;
  std::string name;    // instanceType or volumeApiName, for the report
  bool storage = false;
};

struct AwsPriceDimension {
  std::string rate_code;
  std::map<std::string, std::string> fields;                 // unit, beginRange, endRange, description
  std::vector<std::pair<std::string, std::string>> prices;  // pricePerUnit: currency -> amount text
};

struct AwsTerm {
  std::string type;  // "OnDemand", "Reserved"
  std::string sku;
  std::string effective_date;
  std::map<std::string, std::string> attributes;  // termAttributes
  std::vector<AwsPriceDimension> dimensions;
};

// The catalog item a product is the plain price of, or nullopt after counting why not.
std::optional<AwsKeptProduct> judge_product(const AwsProduct& product, ImportContext& context);

// The entry a kept product's term gives (source and date completed by date_entries),
// or a skip.
void price_term(const AwsKeptProduct& product, const AwsTerm& term, ImportContext& context);

// Dates entries [first, end) with the file's publicationDate (or undated / --as-of)
// and names the file in their source. False after reporting a publicationDate that
// is not a date or is after today (at the publicationDate in `file` when it is held).
bool date_entries(const std::string& path, const SourceFile* file, const AwsOfferHeader& header, std::size_t first,
                  ImportContext& context);

// One line for the price book's header: which file, which version, published when.
std::string describe_offer(const std::string& path, const AwsOfferHeader& header);

}  // namespace gpuspec::prices_import
