#include "backends/prices_import/aws_terms.h"

#include <fmt/format.h>

#include <filesystem>

#include "backends/prices_import/decimal.h"
#include "backends/prices_import/import_common.h"
#include "source/printable.h"

namespace gpuspec::prices_import {

namespace {

std::string attribute(const AwsProduct& product, const char* key) {
  auto it = product.attributes.find(key);
  return it == product.attributes.end() ? std::string() : it->second;
}

std::string field(const std::map<std::string, std::string>& fields, const char* key) {
  auto it = fields.find(key);
  return it == fields.end() ? std::string() : it->second;
}

// The attributes that make a product the plain price of an instance: Linux, shared
// tenancy, nothing pre-installed or licensed, a running instance, the on-demand market.
// An empty value means the file does not state it (older offer files lack some).
struct Requirement {
  const char* attribute;
  const char* wanted;
  SkipReason reason;
};
constexpr Requirement kPlainInstance[] = {
    {"operatingSystem", "Linux", SkipReason::NotLinux},
    {"tenancy", "Shared", SkipReason::NotSharedTenancy},
    {"preInstalledSw", "NA", SkipReason::PreinstalledSoftware},
    {"licenseModel", "No License required", SkipReason::PreinstalledSoftware},
    {"capacitystatus", "Used", SkipReason::CapacityStatus},
    {"marketoption", "OnDemand", SkipReason::MarketOption},
};

std::string subject_of(const std::string& name, const std::string& region, const std::string& sku) {
  return fmt::format("{} in {} (SKU {})", name.empty() ? "?" : name, region.empty() ? "?" : region, sku);
}

}  // namespace

void AwsOfferHeader::set(const std::string& key, const std::string& value) {
  if (key == "formatVersion") format_version = value;
  else if (key == "offerCode") offer_code = value;
  else if (key == "version") version = value;
  else if (key == "publicationDate") publication_date = value;
}

std::optional<AwsKeptProduct> judge_product(const AwsProduct& product, ImportContext& context) {
  bool machine = product.family == "Compute Instance" || product.family == "Compute Instance (bare metal)";
  bool storage = product.family == "Storage";
  AwsKeptProduct kept;
  kept.storage = storage;
  kept.name = attribute(product, machine ? "instanceType" : "volumeApiName");
  kept.region = attribute(product, "regionCode");
  std::string subject = subject_of(kept.name, kept.region, product.sku);
  if (!machine && !storage) {
    skip(context, SkipReason::NotACatalogKind, product.family.empty() ? "(no productFamily)" : product.family);
    return std::nullopt;
  }
  if (kept.name.empty()) {
    skip(context, SkipReason::MissingField, subject, {}, machine ? "no instanceType" : "no volumeApiName");
    return std::nullopt;
  }
  auto matches = machine ? context.catalog.machines("aws", kept.name) : context.catalog.volumes("aws", kept.name);
  if (matches.empty()) {
    skip(context, SkipReason::UnknownSku, subject);
    return std::nullopt;
  }
  if (matches.size() > 1) {
    skip(context, SkipReason::Ambiguous, subject, {}, fmt::format("{} and {}", matches[0]->name, matches[1]->name));
    return std::nullopt;
  }
  kept.item = matches.front();
  if (machine) {
    for (const auto& requirement : kPlainInstance) {
      std::string value = attribute(product, requirement.attribute);
      if (!value.empty() && value != requirement.wanted) {
        skip(context, requirement.reason, subject, kept.item->name, fmt::format("{} {}", requirement.attribute, value));
        return std::nullopt;
      }
    }
  }
  if (kept.region.empty()) {
    skip(context, SkipReason::MissingField, subject, kept.item->name, "no regionCode");
    return std::nullopt;
  }
  if (auto problem = region_problem(*kept.item, kept.region, context.options)) {
    skip(context, *problem, subject, kept.item->name);
    return std::nullopt;
  }
  return kept;
}

void price_term(const AwsKeptProduct& product, const AwsTerm& term, ImportContext& context) {
  std::string subject = subject_of(product.name, product.region, term.sku);
  const std::string& item = product.item->name;
  std::string kind;
  std::string term_note;
  if (term.type == "OnDemand") {
    kind = "on_demand";
    term_note = "on demand";
  } else if (term.type == "Reserved") {
    std::string lease = field(term.attributes, "LeaseContractLength");
    std::string offering = field(term.attributes, "OfferingClass");
    std::string option = field(term.attributes, "PurchaseOption");
    std::string detail;
    if (lease != "1yr" && lease != "3yr") detail = "LeaseContractLength " + lease;
    else if (offering != "standard") detail = "OfferingClass " + offering;
    else if (option != "No Upfront") detail = "PurchaseOption " + option;
    if (!detail.empty()) {
      skip(context, SkipReason::PurchaseTerm, subject + " Reserved", item, detail);
      return;
    }
    kind = lease == "1yr" ? "reserved_1y" : "reserved_3y";
    term_note = fmt::format("a standard {}-year reservation without upfront payment (its hourly rate)", lease[0]);
  } else {
    skip(context, SkipReason::PurchaseTerm, subject, item, "term type " + term.type);
    return;
  }
  subject += " " + term.type;
  if (!term.effective_date.empty()) {
    auto date = calendar_date(term.effective_date);
    if (!date) {
      skip(context, SkipReason::BadDate, subject, item, "effectiveDate " + term.effective_date);
      return;
    }
    if (*date > context.options.today) {
      skip(context, SkipReason::NotInEffect, subject, item, "effectiveDate " + *date);
      return;
    }
  }
  if (term.dimensions.size() != 1) {
    skip(context, SkipReason::Tiered, subject, item, fmt::format("{} price dimensions", term.dimensions.size()));
    return;
  }
  const AwsPriceDimension& dimension = term.dimensions.front();
  std::string unit = field(dimension.fields, "unit");
  const char* wanted_unit = product.storage ? "GB-Mo" : "Hrs";
  if (unit != wanted_unit) {
    skip(context, SkipReason::Unit, subject, item, fmt::format("unit '{}', not {}", unit, wanted_unit));
    return;
  }
  std::string begin = field(dimension.fields, "beginRange"), end = field(dimension.fields, "endRange");
  if ((!begin.empty() && begin != "0") || (!end.empty() && end != "Inf")) {
    skip(context, SkipReason::Tiered, subject, item, fmt::format("range {} to {}", begin, end));
    return;
  }
  if (dimension.prices.empty()) {
    skip(context, SkipReason::MissingField, subject, item, "no pricePerUnit");
    return;
  }
  std::optional<std::pair<std::string, std::string>> price;
  for (const auto& [code, text] : dimension.prices) {
    if (auto currency = book_currency(code); currency && !price) price = std::pair{*currency, text};
  }
  if (!price) {
    skip(context, SkipReason::Currency, subject, item, "pricePerUnit in " + dimension.prices.front().first);
    return;
  }
  ParsedDecimal amount = parse_decimal(price->second);
  if (amount.problem) {
    skip(context, *amount.problem, subject, item, fmt::format("pricePerUnit.{} {}", price->first, price->second));
    return;
  }
  PriceEntry entry;
  entry.item = item;
  entry.item_kind = product.item->kind;
  entry.kind = kind;
  entry.amount = {amount.text, amount.text};
  entry.currency = price->first;
  entry.per_time = product.storage ? "month" : "h";
  entry.per = product.storage ? "1 GiB" : "";
  entry.region = product.region;
  entry.source = fmt::format("SKU {}, {} term, rate {}", term.sku, term.type, dimension.rate_code);
  entry.origin = "SKU " + term.sku;
  if (product.storage) {
    add_note(entry, "Per GiB-month: EBS bills binary gigabytes, which the offer file writes GB-Mo.");
  } else {
    add_note(entry, fmt::format("Linux, shared tenancy, nothing pre-installed, {}.", term_note));
  }
  if (!term.effective_date.empty()) add_note(entry, fmt::format("Term effective {}.", term.effective_date.substr(0, 10)));
  context.result.entries.push_back(std::move(entry));
}

bool date_entries(const std::string& path, const SourceFile* source, const AwsOfferHeader& header, std::size_t first,
                  ImportContext& context) {
  std::optional<std::string> date;
  std::string file = std::filesystem::path(path).filename().string();
  auto date_error = [&](std::string message) {
    std::size_t at = source ? source->text().find("\"publicationDate\"") : std::string_view::npos;
    if (at == std::string_view::npos) {
      report_file_error(context, "import-date", fmt::format("'{}': {}", printable(path), message));
    } else {
      report_error(context, *source, static_cast<std::uint32_t>(at), 17, "import-date", std::move(message));
    }
    return false;
  };
  if (!header.publication_date.empty()) {
    date = calendar_date(header.publication_date);
    if (!date) return date_error(fmt::format("publicationDate '{}' is not a date", printable(header.publication_date)));
    if (*date > context.options.today) {
      return date_error(fmt::format("publicationDate {} is after today ({}): a price list from the future is not one "
                                    "to quote with",
                                    *date, context.options.today));
    }
    if (context.options.as_of) {
      context.result.notes.push_back(
          fmt::format("--as-of is not used for '{}': the file states its date (publicationDate {})", path, *date));
    }
  }
  std::string described = fmt::format("AWS Price List offer file {} (offerCode AmazonEC2, version {}, publicationDate {})",
                                      file, header.version.empty() ? "not stated" : header.version,
                                      header.publication_date.empty() ? "not stated" : header.publication_date);
  auto& entries = context.result.entries;
  for (std::size_t i = first; i < entries.size(); ++i) {
    entries[i].source = described + ": " + entries[i].source;
    if (context.options.source_url) entries[i].source_url = *context.options.source_url;
    if (date) entries[i].as_of = *date;
    else set_undated(entries[i], context.options, "The offer file");
  }
  return true;
}

std::string describe_offer(const std::string& path, const AwsOfferHeader& header) {
  return fmt::format("{}: AWS Price List offer file, offerCode {}, version {}, publicationDate {}",
                     std::filesystem::path(path).filename().string(), header.offer_code,
                     header.version.empty() ? "not stated" : header.version,
                     header.publication_date.empty() ? "not stated" : header.publication_date);
}

}  // namespace gpuspec::prices_import
