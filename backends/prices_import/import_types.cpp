#include "backends/prices_import/import_types.h"

#include <unistd.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <cstdlib>

#include "source/file_reader.h"
#include "source/printable.h"

namespace gpuspec::prices_import {

namespace {

constexpr std::array<std::pair<Format, std::string_view>, 4> kFormats = {{
    {Format::AwsOffer, "aws-offer"},
    {Format::AzureRetail, "azure-retail"},
    {Format::Alicloud, "alicloud"},
    {Format::VendorCsv, "csv"},
}};

struct ReasonText {
  SkipReason reason;
  std::string_view code;
  std::string_view phrase;
};

constexpr std::array<ReasonText, 27> kReasons = {{
    {SkipReason::UnknownSku, "unknown-sku", "not in the catalog"},
    {SkipReason::UnknownPart, "unknown-part", "a part the catalog does not know by name or description"},
    {SkipReason::Ambiguous, "ambiguous", "matches more than one catalog item"},
    {SkipReason::NotLinux, "not-linux", "not Linux"},
    {SkipReason::LowPriority, "low-priority", "a low-priority VM price (Batch, Azure ML), not the spot market"},
    {SkipReason::NotSharedTenancy, "not-shared-tenancy", "not shared tenancy"},
    {SkipReason::PreinstalledSoftware, "preinstalled-software", "pre-installed software in the price"},
    {SkipReason::CapacityStatus, "capacity-status", "not the price of a running instance (capacity status)"},
    {SkipReason::MarketOption, "market-option", "not the on-demand market"},
    {SkipReason::PurchaseTerm, "purchase-term",
     "not on demand, spot, or a no-upfront standard 1- or 3-year reservation"},
    {SkipReason::RegionNotListed, "region-not-listed", "a region the catalog does not list for the item"},
    {SkipReason::OtherRegion, "other-region", "outside --region"},
    {SkipReason::Currency, "currency", "a currency the price book has no unit or rate for (only CNY and USD)"},
    {SkipReason::PriceZero, "price-zero", "a price of 0 (a free tier or a placeholder; unknown is never zero)"},
    {SkipReason::PriceNegative, "price-negative", "a negative price"},
    {SkipReason::PriceTooLarge, "price-too-large", "a price too large to be real"},
    {SkipReason::PriceMalformed, "price-malformed", "a price that is not a number"},
    {SkipReason::NotInEffect, "not-in-effect", "dated after today: not in effect yet"},
    {SkipReason::Expired, "expired", "ended by today (effectiveEndDate): no longer the price"},
    {SkipReason::Unit, "unit", "a billing unit other than the one its kind needs"},
    {SkipReason::MissingField, "missing-field", "a required field is missing or empty"},
    {SkipReason::BadDate, "bad-date", "a date that is not a calendar day"},
    {SkipReason::LineTotal, "line-total", "the line total is not quantity x unit price"},
    {SkipReason::Quantity, "quantity", "the quantity is not a whole number of at least 1"},
    {SkipReason::Tiered, "tiered", "several price tiers for one item"},
    {SkipReason::Conflict, "conflict", "rows for the same item, region and kind disagree"},
    {SkipReason::NotACatalogKind, "not-a-catalog-kind", "a product family the catalog has no kind for"},
}};

// Whether `text` holds `"name"` followed by a colon: a key, not a value that says it.
bool json_key_in(std::string_view text, std::string_view name) {
  std::string quoted = "\"" + std::string(name) + "\"";
  for (std::size_t at = text.find(quoted); at != std::string_view::npos; at = text.find(quoted, at + 1)) {
    std::size_t next = text.find_first_not_of(" \t\r\n", at + quoted.size());
    if (next != std::string_view::npos && text[next] == ':') return true;
  }
  return false;
}

const ReasonText& reason_text(SkipReason reason) {
  for (const auto& r : kReasons) {
    if (r.reason == reason) return r;
  }
  return kReasons.front();
}

}  // namespace

std::optional<Format> parse_format(std::string_view name) {
  for (const auto& [format, text] : kFormats) {
    if (text == name) return format;
  }
  return std::nullopt;
}

std::string_view format_name(Format format) {
  for (const auto& [f, text] : kFormats) {
    if (f == format) return text;
  }
  return "?";
}

std::optional<Format> detect_format(const std::string& path, std::string& error) {
  std::string open_error;
  auto file = open_regular_file(path, max_import_size(), open_error, kMaxImportSizeVariable);
  if (!file) {
    error = "cannot read '" + printable(path) + "': " + open_error;
    return std::nullopt;
  }
  std::string head(4096, '\0');
  ssize_t n = ::read(file->fd, head.data(), head.size());
  ::close(file->fd);
  head.resize(n > 0 ? static_cast<std::size_t>(n) : 0);
  if (head.starts_with("\xEF\xBB\xBF")) head.erase(0, 3);
  std::size_t first = head.find_first_not_of(" \t\r\n");
  if (first != std::string::npos && head[first] == '{') {
    return json_key_in(head, "Items") || json_key_in(head, "BillingCurrency") ? Format::AzureRetail : Format::AwsOffer;
  }
  std::string header = head.substr(0, head.find('\n'));
  std::transform(header.begin(), header.end(), header.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  if (header.find("instancetype") != std::string::npos) return Format::Alicloud;
  return Format::VendorCsv;
}

std::string_view skip_code(SkipReason reason) { return reason_text(reason).code; }
std::string_view skip_phrase(SkipReason reason) { return reason_text(reason).phrase; }

std::uint64_t max_import_size(std::string* error) {
  const char* configured = std::getenv(kMaxImportSizeVariable);
  if (!configured || !*configured) return kDefaultMaxImportSize;
  // Up to 1 TiB: the file is streamed, never held, so only the time to read it grows.
  if (auto parsed = parse_file_size(configured, 1ull << 40)) return *parsed;
  if (error) {
    *error = std::string(kMaxImportSizeVariable) + "='" + configured +
             "' is not a size: write bytes or a number with K, M or G";
  }
  return kDefaultMaxImportSize;
}

bool import_file(Format format, const std::string& path, ImportContext& context) {
  switch (format) {
    case Format::AwsOffer: return import_aws_offer(path, context);
    case Format::AzureRetail: return import_azure_retail(path, context);
    case Format::Alicloud: return import_alicloud(path, context);
    case Format::VendorCsv: return import_vendor_csv(path, context);
  }
  return false;
}

}  // namespace gpuspec::prices_import
