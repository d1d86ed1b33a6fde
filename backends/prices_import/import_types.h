// `gpuspec prices import`: the providers' and vendors' own price formats turned into
// a dated price-book file. What every format shares: the catalog the prices must name,
// the entries it produces, and the rows it skips, each with the reason.
//
// A format reads its files (import_aws_offer, import_azure_retail, import_alicloud,
// import_vendor_csv); finish_import merges what they found into named, sorted
// entries; price_book_text writes the file and report_text / report_json say what
// was skipped and why. A file that cannot be read or parsed is a diagnostic and the
// run imports nothing: a half-read offer file would be a silently partial book.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "diag/diagnostic.h"
#include "source/source.h"

namespace gpuspec::prices_import {

enum class Format { AwsOffer, AzureRetail, Alicloud, VendorCsv };

// "aws-offer", "azure-retail", "alicloud", "csv".
std::optional<Format> parse_format(std::string_view name);
std::string_view format_name(Format format);
// The format of a file from its first bytes: JSON (`{`) is an Azure Retail Prices API
// page when a key of its first 4 KiB is "Items" or "BillingCurrency" (an offer file's
// first keys are formatVersion, disclaimer, offerCode...), else an AWS offer file; a CSV
// whose header names an InstanceType column an Alibaba Cloud catalog, any other CSV a
// vendor quote. nullopt with `error` set when the file cannot be read.
std::optional<Format> detect_format(const std::string& path, std::string& error);

// One thing the catalog knows and a price may name (a `price`'s item).
struct CatalogItem {
  std::string name;                  // "aws.p4d_24xlarge"
  std::string kind;                  // "instance", "volume", "service", "gpu", "memory", ...
  std::string provider;              // cloud kinds: "aws", "alicloud", ...; "" for parts
  std::string api_name;              // cloud kinds: what the provider calls it ("p4d.24xlarge")
  std::string description;           // the vendor's own name: an alias a quote may use
  std::vector<std::string> regions;  // instances: where the catalog says it is offered; empty = not stated
};

class Catalog {
 public:
  explicit Catalog(std::vector<CatalogItem> items);

  // The instances and services (a VM size a module creates, a bastion host) of
  // `provider` whose api_name is `api_name`: none, one, or (a catalog bug) several.
  std::vector<const CatalogItem*> machines(std::string_view provider, std::string_view api_name) const;
  // The block-storage volume types of `provider` with that api_name ("gp3").
  std::vector<const CatalogItem*> volumes(std::string_view provider, std::string_view api_name) const;

  // A part named in a vendor quote: its catalog name ("nvidia.h100_80gb_pcie"), or
  // its description ("NVIDIA H100 PCIe 80GB") compared without case and with runs of
  // spaces taken as one. Several parts with that description are `ambiguous`.
  struct PartMatch {
    const CatalogItem* item = nullptr;
    std::vector<const CatalogItem*> ambiguous;
    bool by_description = false;
  };
  PartMatch part(std::string_view text) const;

  const std::vector<CatalogItem>& items() const { return items_; }

 private:
  std::vector<CatalogItem> items_;
};

// Why a row was not imported. Each reason has a stable code (the JSON report's
// "code") and a phrase for the text report.
enum class SkipReason {
  UnknownSku,        // the catalog has no instance, volume or service of that name
  UnknownPart,       // a quoted part the catalog does not know by name or description
  Ambiguous,         // more than one catalog item matches
  NotLinux,          // a Windows, RHEL, SUSE... price: the instance price is Linux
  LowPriority,       // Azure: a low-priority VM (Batch, Azure ML), not the spot market
  NotSharedTenancy,  // dedicated or host tenancy
  PreinstalledSoftware,
  CapacityStatus,    // AWS: an unused reservation or allocated host, not the instance hour
  MarketOption,      // AWS: a Capacity Block or other market than on demand
  PurchaseTerm,      // not on demand, a reservation the price book has a kind for, or spot
  RegionNotListed,   // a region the catalog does not list for the item
  OtherRegion,       // outside --region
  Currency,          // a currency the price book has no unit or rate for
  PriceZero,         // 0 is no price (a free tier, a placeholder): unknown is never zero
  PriceNegative,
  PriceTooLarge,
  PriceMalformed,    // not a number
  NotInEffect,       // effective after today: not a price yet
  Expired,           // Azure: an effectiveEndDate by today: no longer the price
  Unit,              // a billing unit other than the one the kind needs
  MissingField,
  BadDate,
  LineTotal,         // a quote line whose total is not quantity x unit price
  Quantity,          // a quote line without a whole positive quantity
  Tiered,            // several price tiers for one item
  Conflict,          // rows for the same item, region and kind disagree
  NotACatalogKind,   // a product family the catalog has no kind for (AWS data transfer, ...)
};
std::string_view skip_code(SkipReason reason);
std::string_view skip_phrase(SkipReason reason);

struct Skip {
  SkipReason reason;
  std::string subject;  // what the row names: "p4d.24xlarge in us-east-1 (SKU H7NG...)", "line 7: H200"
  std::string item;     // the catalog item, when the row named one
  std::string detail;   // the value that decided it: "operatingSystem Windows"
};

// The rows skipped for one reason: all counted, the first kMaxSkipExamples kept, so an
// offer file of a million products the catalog does not know stays a few kilobytes.
inline constexpr std::size_t kMaxSkipExamples = 50;
struct SkipTally {
  std::size_t count = 0;
  std::vector<Skip> examples;
};

// A price amount as decimal text, never through a double: "21.957642". A point has
// low == high; a range (zones priced differently) low < high.
struct Amount {
  std::string low;
  std::string high;
};

struct PriceEntry {
  std::string item;        // catalog name
  std::string item_kind;   // the item's kind
  std::string kind;        // on_demand, reserved_1y, reserved_3y, spot, quote
  Amount amount;
  std::string currency;    // "USD" or "CNY"
  std::string per_time;    // "h", "month", or "" for a part's one-off price
  std::string per;         // "1 GiB" for capacity-priced storage, else ""
  std::string region;
  std::string source;
  std::string source_url;
  std::string as_of;       // "YYYY-MM-DD" or "undated"
  bool verified = true;
  std::string notes;
  std::string name_hint;   // extra declaration-name segments (a quote's vendor and id)
  std::string origin;      // file:line or SKU, for the report
  std::string name;        // the declaration name, set by finish_import
};

struct ImportOptions {
  std::optional<std::string> region;      // --region: cloud rows of that region only; a quote's market
  std::optional<std::string> as_of;       // --as-of: the date the user states for an undated file
  std::optional<std::string> source_url;  // --source-url: where the file came from
  std::string prefix = "imported";        // the declarations' first name segment
  std::string today;                      // "YYYY-MM-DD": later dates are not in effect yet
};

struct ImportResult {
  std::vector<PriceEntry> entries;
  std::map<SkipReason, SkipTally> skips;
  std::vector<std::string> described;  // one line per file: what it is and what date it states
  std::vector<std::string> notes;      // for the report: a page that names a next page, ...
  std::size_t rows = 0;                // products, items or lines read
  std::vector<std::string> imports;    // --catalog files, relative to the book: the book imports them
};

// What a format reader needs: the catalog, the options, where to put entries and
// skips, and where to report a file it cannot read (with `sources` for line and caret).
struct ImportContext {
  const Catalog& catalog;
  const ImportOptions& options;
  ImportResult& result;
  DiagnosticEngine& diags;
  SourceManager& sources;
};

// The streamed size limit of an offer file (GPUSPEC_MAX_IMPORT_SIZE, default 16 GiB):
// real AWS offer files are gigabytes, far past the 4 MiB a spec may have.
inline constexpr const char* kMaxImportSizeVariable = "GPUSPEC_MAX_IMPORT_SIZE";
inline constexpr std::uint64_t kDefaultMaxImportSize = 16ull << 30;
std::uint64_t max_import_size(std::string* error = nullptr);

// Each format reads one file into `context.result`; returns false when the file could
// not be read or parsed (a diagnostic says why).
bool import_aws_offer(const std::string& path, ImportContext& context);
bool import_azure_retail(const std::string& path, ImportContext& context);
bool import_alicloud(const std::string& path, ImportContext& context);
bool import_vendor_csv(const std::string& path, ImportContext& context);
bool import_file(Format format, const std::string& path, ImportContext& context);

}  // namespace gpuspec::prices_import
