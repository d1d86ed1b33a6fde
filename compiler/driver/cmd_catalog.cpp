// `gpuspec catalog [KIND] [--format text|json]`: what the stdlib knows, with each
// entry's source and date, and unverified values made visible.
#include <fmt/format.h>

#include <iostream>

#include "backends/cost/price_age.h"
#include "backends/cost/price_files.h"
#include "backends/cost/price_listing.h"
#include "diag/render_text.h"
#include "driver/commands.h"
#include "driver/config.h"
#include "driver/help.h"
#include "driver/session.h"
#include "facts/catalog_entry.h"
#include "facts/properties.h"
#include "sema/schema.h"
#include "source/json_io.h"

namespace gpuspec::driver {

namespace {

// `--prices` is both the mode switch (`catalog --prices`) and, followed by a path, a
// user price book (`catalog --prices team.gpuspec`), as in bom/quote. Splits those out
// of the arguments before the generic parser sees them; `--prices=FILE` works too.
// `catalog --prices`: the user price books loaded and checked, then listed with the
// stdlib's; 1 when a price file has errors (a listing of a broken book would mislead).
int run_catalog_prices(Session& session, const std::vector<std::string>& files, const cost::PriceListOptions& listing) {
  DiagnosticEngine diags;
  std::vector<sema::Program> price_files;
  std::string error;
  if (!cost::load_price_files(files, session.library(), session.sources(), diags, price_files, error)) {
    return tool_failure(error);
  }
  if (diags.has_errors()) {
    diags.sort(session.sources());
    std::cerr << render_text(diags.diagnostics(), session.sources(), TextRenderOptions{});
    return kExitFindings;
  }
  std::cout << cost::price_listing(session.library(), price_files, listing);
  return kExitClean;
}

struct PricesArgs {
  bool listing = false;
  std::vector<std::string> files;
  std::vector<std::string> rest;
};

PricesArgs split_prices_args(const std::vector<std::string>& raw_args) {
  PricesArgs out;
  for (size_t i = 0; i < raw_args.size(); ++i) {
    const std::string& a = raw_args[i];
    if (a.starts_with("--prices=")) {
      out.listing = true;
      out.files.push_back(a.substr(9));
    } else if (a == "--prices") {
      out.listing = true;
      if (i + 1 < raw_args.size() && !raw_args[i + 1].starts_with("-")) out.files.push_back(raw_args[++i]);
    } else {
      out.rest.push_back(a);
    }
  }
  return out;
}

}  // namespace

int run_catalog(const std::vector<std::string>& raw_args) {
  PricesArgs prices = split_prices_args(raw_args);
  ParsedArgs args;
  if (auto exit = parse_command_line("catalog", prices.rest, args)) return *exit;
  std::string format = args.value("--format").value_or("text");
  if (format != "text" && format != "json") return tool_failure(fmt::format("unknown format '{}'; expected text or json", format));
  std::optional<std::string> kind = args.positionals.empty() ? std::nullopt : std::optional(args.positionals[0]);
  if (kind) {
    const auto* schema = sema::find_kind(*kind);
    if (!schema || !schema->catalog) {
      std::vector<std::string> kinds;
      for (const auto& k : sema::catalog_kinds()) kinds.emplace_back(k.kind);
      return tool_failure(fmt::format("unknown catalog kind '{}'; known kinds: {}", *kind, fmt::join(kinds, ", ")));
    }
  }
  cost::PriceListOptions listing;
  listing.stale = args.value("--stale");
  if (listing.stale) {
    listing.stale_days = cost::parse_age_limit(*listing.stale);
    if (!listing.stale_days) {
      return tool_failure(fmt::format("bad --stale '{}' (expected a duration such as 12mo, 18 months, 1y or 90d)", *listing.stale));
    }
  }
  listing.unpriced = args.has("--unpriced");
  if (!prices.listing && (listing.stale || listing.unpriced)) {
    return tool_failure(fmt::format("{} works on the price book: add --prices", listing.stale ? "--stale" : "--unpriced"));
  }
  Session session(LibraryOptions{args.value("--stdlib")});
  if (session.load_error()) return tool_failure(*session.load_error());
  if (prices.listing) {
    listing.item_kind = kind;
    listing.json = format == "json";
    listing.today = today_for_waivers();  // the same pinned "today" (GPUSPEC_TODAY) as waiver expiry
    return run_catalog_prices(session, prices.files, listing);
  }

  nlohmann::ordered_json entries = nlohmann::ordered_json::array();
  std::string text;
  std::string current_kind;
  for (const auto& [name, entry] : session.library().index().entries()) {
    const ast::Declaration& decl = *entry.decl;
    const auto* schema = sema::find_kind(decl.kind);
    if (!schema || !schema->catalog || (kind && decl.kind != *kind)) continue;
    bool verified = facts::is_verified(decl);
    nlohmann::ordered_json json;
    json["name"] = decl.name;
    json["kind"] = decl.kind;
    json["description"] = facts::string_property(decl, "description");
    json["verified"] = verified;
    json["source"] = facts::string_property(decl, "source");
    json["as_of"] = facts::string_property(decl, "as_of");
    if (auto notes = facts::string_property(decl, "notes"); !notes.empty()) json["notes"] = notes;
    nlohmann::ordered_json properties = nlohmann::ordered_json::object();
    std::vector<std::string> summary;
    for (const auto& item : decl.body.items) {
      const auto* p = std::get_if<ast::Property>(&item);
      if (!p) continue;
      if (p->key == "source" || p->key == "as_of" || p->key == "notes" || p->key == "description" || p->key == "verified") continue;
      properties[p->key] = facts::property_json(*p->value);
      // A value's own provenance (vram_source) is in the JSON, not in the one-line summary;
      // so are the PCI ids `gpuspec probe` recognises a part by.
      if (summary.size() < 6 && !p->key.ends_with("_source") && p->key != "pci_ids") {
        summary.push_back(fmt::format("{}={}", p->key, facts::property_text(*p->value)));
      }
    }
    json["properties"] = std::move(properties);
    entries.push_back(std::move(json));
    if (decl.kind != current_kind) {
      current_kind = decl.kind;
    }
    text += fmt::format("{:<12} {:<40} {}{}\n", decl.kind, decl.name, verified ? "" : "[UNVERIFIED] ",
                        fmt::join(summary, " "));
  }
  if (format == "json") {
    nlohmann::ordered_json out;
    out["version"] = 1;
    out["entries"] = std::move(entries);
    std::cout << dump_json(out) << "\n";
  } else {
    std::cout << text;
  }
  return kExitClean;
}

}  // namespace gpuspec::driver
