#include "backends/cost/price_listing.h"

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <map>
#include <set>

#include "backends/cost/price_age.h"
#include "backends/cost/price_book.h"
#include "facts/catalog_entry.h"
#include "facts/properties.h"
#include "sema/schema.h"
#include "source/json_io.h"

namespace gpuspec::cost {

namespace {

using json = nlohmann::ordered_json;

// One `price` declaration, from the stdlib or a user price book.
struct PriceRow {
  const ast::Declaration* decl = nullptr;
  const SourceFile* source = nullptr;
  bool user = false;
  std::string file;
  unsigned line = 0;
  std::string item;
  std::string item_kind;  // "" when the item names nothing (a checked file cannot do that)
  const ast::Declaration* target = nullptr;  // the item's catalog declaration
  std::string kind;
  std::string region;
  std::string as_of;
  std::optional<long> age_days;
};

// A catalog item (or instance x region pair) without any price.
struct Unpriced {
  std::string item;
  std::string item_kind;
  std::string region;  // instances: the listed region with no price
  std::string why;     // "" when there is no price at all
};

// What a part with only stdlib `used` prices lacks: a new build never takes those
// (kind_serves), so for a new build it has no price.
constexpr const char* kOnlyUsed = "only a used price, which a new build takes only from your own price book";

// GPUs that are only rented inside an instance (class = cloud) are never bought.
bool not_for_sale(const ast::Declaration& decl) { return decl.kind == "gpu" && facts::name_property(decl, "class") == "cloud"; }

// A price's value as its author wrote it ("0.08 USD/month", not the 0.0001096 USD/h it
// normalises to), so the listing reads like the price book.
std::string written(const PriceRow& row, std::string_view key) {
  const ast::Property* p = facts::find_property(row.decl->body, key);
  if (!p) return {};
  return row.source ? std::string(row.source->slice(p->value->range)) : facts::property_text(*p->value);
}

std::string amount_text(const PriceRow& row) {
  std::string text = written(row, "amount");
  if (std::string per = written(row, "per"); !per.empty()) text += " per " + per;
  return text.empty() ? "?" : text;
}

// What a system price covers besides its `includes`, for a price of a chassis: whether it
// holds the configured server's host (`covers_host`, `none` unless the price says) and the
// parts the chassis ships with as standard (its catalog `ships_with`), which any price of it
// covers (docs/cost.md). Without them a reader of the listing cannot tell why the BOM
// says "included" or prices a host line from 0.
bool is_system_price(const PriceRow& row) { return row.item_kind == "chassis" && row.target; }

std::string covers_host(const PriceRow& row) {
  std::string written_value = facts::name_property(*row.decl, "covers_host");
  return written_value.empty() ? "none" : written_value;
}

const ast::ListExpr* ships_with(const PriceRow& row) {
  const ast::Property* p = row.target ? facts::find_property(row.target->body, "ships_with") : nullptr;
  return p ? p->value->as<ast::ListExpr>() : nullptr;
}

class PriceListing {
 public:
  PriceListing(const sema::Library& library, const std::vector<sema::Program>& price_files,
               const PriceListOptions& options)
      : library_(library), price_files_(price_files), options_(options) {}

  void collect() {
    for (const auto& file : library_.files()) add_file(*file, false, nullptr);
    for (const auto& program : price_files_) {
      for (const auto& file : program.files()) add_file(*file, true, &program);
    }
    std::sort(rows_.begin(), rows_.end(), [](const PriceRow& a, const PriceRow& b) {
      return std::tie(a.item, a.region, a.kind, a.as_of, a.decl->name) <
             std::tie(b.item, b.region, b.kind, b.as_of, b.decl->name);
    });
    if (options_.unpriced) find_unpriced();
  }

  bool shown(const PriceRow& row) const {
    if (options_.item_kind && row.item_kind != *options_.item_kind) return false;
    if (options_.stale_days) return row.age_days && *row.age_days > *options_.stale_days;
    return true;
  }

  std::string text() const {
    std::string out;
    if (!options_.unpriced || options_.stale_days) {
      size_t count = 0;
      out += fmt::format("{:<34} {:<18} {:<16} {:<26} {:<10} {:>7}  {}\n", "item", "kind", "region", "amount", "as_of",
                         "age", "source");
      for (const auto& row : rows_) {
        if (!shown(row)) continue;
        ++count;
        std::string flags = std::string(row.user ? "[user] " : "") + (facts::is_verified(*row.decl) ? "" : "[UNVERIFIED] ");
        out += fmt::format("{:<34} {:<18} {:<16} {:<26} {:<10} {:>7}  {}{}\n", row.item, row.kind,
                           row.region.empty() ? "-" : row.region, amount_text(row), row.as_of,
                           row.age_days ? format_age(*row.age_days) : "?", flags, facts::string_property(*row.decl, "source"));
        // How an estimate was derived, and what a system price covers, under its row.
        if (auto method = facts::string_property(*row.decl, "method"); !method.empty()) out += "    method: " + method + "\n";
        if (facts::find_property(row.decl->body, "includes")) {
          out += "    includes: " + written(row, "includes") + "\n";
        }
        if (is_system_price(row)) {
          out += "    covers_host: " + covers_host(row) + "\n";
          if (const auto* list = ships_with(row)) {
            std::vector<std::string> parts;
            for (const auto& item : list->items) parts.push_back(facts::property_text(*item));
            out += fmt::format("    ships_with: [{}]\n", fmt::join(parts, ", "));
          }
        }
      }
      out += options_.stale_days
                 ? fmt::format("{} price(s) older than {} (as of {})\n", count, *options_.stale, options_.today)
                 : fmt::format("{} price(s)\n", count);
    }
    if (options_.unpriced) {
      for (const auto& u : unpriced_) {
        out += fmt::format("unpriced {:<10} {}{}{}\n", u.item_kind, u.item, u.region.empty() ? "" : " in region " + u.region,
                           u.why.empty() ? "" : " (" + u.why + ")");
      }
      for (const auto& name : not_for_sale_) {
        out += fmt::format("not sold {:<10} {} (class = cloud: rented inside an instance, never bought)\n", "gpu", name);
      }
      out += unpriced_.empty() ? "every catalog item has a price\n" : fmt::format("{} item(s) without a price\n", unpriced_.size());
    }
    return out;
  }

  json to_json() const {
    json out;
    out["version"] = 1;
    out["today"] = options_.today;
    if (options_.stale_days) out["stale_after"] = {{"text", *options_.stale}, {"days", *options_.stale_days}};
    if (!options_.unpriced || options_.stale_days) {
      json prices = json::array();
      for (const auto& row : rows_) {
        if (shown(row)) prices.push_back(row_json(row));
      }
      out["prices"] = std::move(prices);
    }
    if (options_.unpriced) {
      json unpriced = json::array();
      for (const auto& u : unpriced_) {
        json e = {{"item", u.item}, {"kind", u.item_kind}};
        if (!u.region.empty()) e["region"] = u.region;
        if (!u.why.empty()) e["why"] = u.why;
        unpriced.push_back(std::move(e));
      }
      out["unpriced"] = std::move(unpriced);
      out["not_for_sale"] = not_for_sale_;
    }
    return out;
  }

 private:
  void add_file(const sema::LoadedFile& file, bool user, const sema::Program* program) {
    for (const auto& decl : file.ast.declarations) {
      if (decl.kind == "price") {
        PriceRow row;
        row.decl = &decl;
        row.source = file.source;
        row.user = user;
        row.file = file.source ? file.source->path() : "";
        row.line = file.source ? file.source->line_column(decl.name_range.begin).line : 0;
        row.item = facts::name_property(decl, "item");
        row.kind = facts::name_property(decl, "kind");
        row.region = facts::string_property(decl, "region");
        row.as_of = facts::string_property(decl, "as_of");
        row.age_days = days_between(row.as_of, options_.today);
        const sema::DeclEntry* target = program ? program->find(row.item) : library_.index().find(row.item);
        row.item_kind = target ? target->decl->kind : "";
        row.target = target ? target->decl : nullptr;
        rows_.push_back(std::move(row));
      } else if (priced_kinds_.count(decl.kind) && (!options_.item_kind || decl.kind == *options_.item_kind)) {
        items_.push_back(&decl);
      }
    }
  }

  void find_unpriced() {
    // item -> regions its prices cover ("" = a price without a region, good anywhere)
    std::map<std::string, std::set<std::string>, std::less<>> covered;
    std::set<std::string, std::less<>> used_only;
    for (const auto& row : rows_) {
      if (row.kind == "used" && !row.user && row.item_kind != "instance" && row.item_kind != "volume") {
        used_only.insert(row.item);
        continue;
      }
      covered[row.item].insert(row.region);
    }
    std::sort(items_.begin(), items_.end(), [](const auto* a, const auto* b) { return a->name < b->name; });
    for (const auto* decl : items_) {
      auto it = covered.find(decl->name);
      if (not_for_sale(*decl)) {
        if (it == covered.end()) not_for_sale_.push_back(decl->name);
        continue;
      }
      if (it == covered.end()) {
        unpriced_.push_back({decl->name, decl->kind, "", used_only.count(decl->name) ? kOnlyUsed : ""});
        continue;
      }
      if (decl->kind != "instance" || it->second.count("")) continue;
      for (const auto& region : facts::string_list_property(*decl, "regions")) {
        if (!it->second.count(region)) unpriced_.push_back({decl->name, decl->kind, region});
      }
    }
  }

  json row_json(const PriceRow& row) const {
    json e;
    e["name"] = row.decl->name;
    e["item"] = row.item;
    e["item_kind"] = row.item_kind;
    e["kind"] = row.kind;
    e["region"] = row.region;
    const ast::Property* amount = facts::find_property(row.decl->body, "amount");
    e["amount"] = amount ? facts::property_json(*amount->value) : json(nullptr);
    if (e["amount"].is_object()) e["amount"]["text"] = written(row, "amount");
    if (const ast::Property* per = facts::find_property(row.decl->body, "per")) {
      e["per"] = facts::property_json(*per->value);
      if (e["per"].is_object()) e["per"]["text"] = written(row, "per");
    }
    if (auto method = facts::string_property(*row.decl, "method"); !method.empty()) e["method"] = method;
    if (const ast::Property* includes = facts::find_property(row.decl->body, "includes")) {
      json parts = json::array();
      if (const auto* list = includes->value->as<ast::ListExpr>()) {
        for (const auto& item : list->items) parts.push_back(facts::property_json(*item));
      }
      e["includes"] = std::move(parts);
    }
    if (is_system_price(row)) {
      e["covers_host"] = covers_host(row);
      json shipped = json::array();
      if (const auto* list = ships_with(row)) {
        for (const auto& item : list->items) shipped.push_back(facts::property_json(*item));
      }
      e["ships_with"] = std::move(shipped);
    }
    e["as_of"] = row.as_of;
    e["age_days"] = row.age_days ? json(*row.age_days) : json(nullptr);
    e["verified"] = facts::is_verified(*row.decl);
    e["source"] = facts::string_property(*row.decl, "source");
    e["source_url"] = facts::string_property(*row.decl, "source_url");
    if (auto notes = facts::string_property(*row.decl, "notes"); !notes.empty()) e["notes"] = notes;
    e["origin"] = row.user ? "user" : "stdlib";
    e["file"] = row.file;
    e["line"] = row.line;
    return e;
  }

  const sema::Library& library_;
  const std::vector<sema::Program>& price_files_;
  const PriceListOptions& options_;
  std::set<std::string, std::less<>> priced_kinds_ = facts::priced_kinds();
  std::vector<PriceRow> rows_;
  std::vector<const ast::Declaration*> items_;
  std::vector<Unpriced> unpriced_;
  std::vector<std::string> not_for_sale_;
};

}  // namespace

std::string price_listing(const sema::Library& library, const std::vector<sema::Program>& price_files,
                          const PriceListOptions& options) {
  PriceListing listing(library, price_files, options);
  listing.collect();
  return options.json ? dump_json(listing.to_json()) + "\n" : listing.text();
}

}  // namespace gpuspec::cost
