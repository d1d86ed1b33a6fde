// `aws-offer`: the AWS Price List offer file (the bulk API's index.json for AmazonEC2,
// global or one region's), streamed. Products come first: a product the catalog knows
// (an instance or service by attributes.instanceType, a volume by volumeApiName) that is
// the plain price (Linux, shared tenancy, nothing pre-installed, a running instance,
// the on-demand market) is kept by SKU; then each of its terms becomes an entry:
// OnDemand -> on_demand, Reserved standard no-upfront 1yr/3yr -> reserved_1y/_3y.
// Everything else is counted by reason. as_of is the file's publicationDate.
#include <fmt/format.h>

#include <filesystem>
#include <map>
#include <optional>

#include "backends/prices_import/aws_terms.h"
#include "backends/prices_import/import_common.h"
#include "backends/prices_import/json_stream.h"
#include "source/file_reader.h"
#include "source/printable.h"

namespace gpuspec::prices_import {

namespace {

class OfferHandler final : public JsonPathHandler {
 public:
  explicit OfferHandler(ImportContext& context) : context_(context) {}

  const AwsOfferHeader& header() const { return header_; }
  // A row is a product the import skips or a term of one it keeps: a kept product's
  // terms each become a price or a skip, so the report's "skipped N of M rows" adds up.
  std::size_t rows() const { return rows_; }

 protected:
  // Depths: 1 the offer (header strings), 3 a product (products.SKU), 4 its attributes,
  // 5 a term (terms.TYPE.SKU.KEY), 6 its termAttributes, 7 a price dimension
  // (priceDimensions.RATE), 8 its pricePerUnit.
  bool on_value(const std::string& text, bool is_string) override {
    const auto& p = path();
    if (depth() == 1) {
      if (is_string) header_.set(key(), text);
    } else if (in_product_) {
      if (depth() == 4 && p[3] == "attributes") product_.attributes[key()] = text;
      else if (depth() == 3 && key() == "productFamily") product_.family = text;
    } else if (in_term_ && term_kept_) {
      if (depth() == 5 && key() == "effectiveDate") term_.effective_date = text;
      else if (depth() == 6 && p[5] == "termAttributes") term_.attributes[key()] = text;
      else if (depth() == 7 && p[5] == "priceDimensions") term_.dimensions.back().fields[key()] = text;
      else if (depth() == 8 && p[7] == "pricePerUnit") term_.dimensions.back().prices.emplace_back(key(), text);
    }
    return true;
  }

  bool on_open(bool is_object) override {
    const auto& p = path();
    if (depth() == 1 && !is_object) return stop("the top level is an array, not an offer file's object");
    if (depth() == 2 && p[1] == "terms" && !seen_products_) {
      return stop("'terms' comes before 'products': the importer streams products first, as AWS writes them");
    }
    if (depth() == 2 && p[1] == "products") seen_products_ = true;
    if (depth() == 3 && p[1] == "products") {
      in_product_ = true;
      product_ = AwsProduct{};
      product_.sku = p[2];
    } else if (depth() == 5 && p[1] == "terms") {
      in_term_ = true;
      term_ = AwsTerm{};
      term_.type = p[2];
      term_.sku = p[3];
      term_kept_ = kept_.count(term_.sku) > 0;
    } else if (in_term_ && term_kept_ && depth() == 7 && p[5] == "priceDimensions") {
      term_.dimensions.push_back({p[6], {}, {}});
    }
    return true;
  }

  bool on_close(bool) override {
    if (depth() == 3 && in_product_) {
      in_product_ = false;
      if (auto kept = judge_product(product_, context_)) kept_.emplace(product_.sku, std::move(*kept));
      else ++rows_;
    } else if (depth() == 5 && in_term_) {
      in_term_ = false;
      if (term_kept_) {
        ++rows_;
        price_term(kept_.at(term_.sku), term_, context_);
      }
    }
    return true;
  }

 private:
  ImportContext& context_;
  AwsOfferHeader header_;
  std::map<std::string, AwsKeptProduct> kept_;  // SKU -> the catalog item it prices
  AwsProduct product_;
  AwsTerm term_;
  bool in_product_ = false;
  bool in_term_ = false;
  bool term_kept_ = false;
  bool seen_products_ = false;
  std::size_t rows_ = 0;
};

}  // namespace

namespace {

// An offer file of at most GPUSPEC_MAX_FILE_SIZE is held in memory, so an error in it
// shows its line, column and a caret; a larger one (a region's file is hundreds of
// megabytes) is streamed, and its errors say the line and column in the message.
bool small_enough_to_hold(const std::string& path) {
  std::error_code error;
  auto size = std::filesystem::file_size(path, error);
  return !error && size <= max_file_size();
}

}  // namespace

bool import_aws_offer(const std::string& path, ImportContext& context) {
  std::size_t first_entry = context.result.entries.size();
  OfferHandler handler(context);
  const SourceFile* file = nullptr;
  if (small_enough_to_hold(path)) {
    file = load_input(path, context);
    if (!file) return false;
    if (!parse_json_text(file->text(), handler)) {
      context.result.entries.resize(first_entry);
      report_json_error(context, *file, handler);
      return false;
    }
  } else {
    std::string limit_error;
    std::uint64_t limit = max_import_size(&limit_error);
    if (!limit_error.empty()) {
      report_file_error(context, "import-read", limit_error);
      return false;
    }
    std::string error = stream_json_file(path, limit, kMaxImportSizeVariable, handler);
    if (!error.empty()) {
      context.result.entries.resize(first_entry);
      report_file_error(context, error.starts_with("cannot read") ? "import-read" : "import-json", error);
      return false;
    }
  }
  const AwsOfferHeader& header = handler.header();
  if (header.offer_code != "AmazonEC2") {
    context.result.entries.resize(first_entry);
    std::string message = fmt::format("'{}' is not an AWS offer file for AmazonEC2 (offerCode {})", printable(path),
                                      header.offer_code.empty() ? "missing" : "'" + printable(header.offer_code) + "'");
    if (file) report_error(context, *file, 0, 1, "import-format", std::move(message));
    else report_file_error(context, "import-format", std::move(message));
    return false;
  }
  context.result.rows += handler.rows();
  if (!date_entries(path, file, header, first_entry, context)) {
    context.result.entries.resize(first_entry);
    return false;
  }
  context.result.described.push_back(describe_offer(path, header));
  return true;
}

}  // namespace gpuspec::prices_import
