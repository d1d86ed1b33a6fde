#include "backends/prices_import/price_book.h"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <set>
#include <tuple>

#include "backends/prices_import/import_common.h"
#include "format/formatter.h"
#include "backends/writers/gpuspec_text.h"
#include "source/printable.h"

namespace gpuspec::prices_import {

namespace {

constexpr std::size_t kMaxSegment = 40;

void merge_cloud_rows(ImportResult& result) {
  using Key = std::tuple<std::string, std::string, std::string>;
  std::map<Key, std::vector<PriceEntry*>> groups;
  for (auto& entry : result.entries) groups[{entry.item, entry.region, entry.kind}].push_back(&entry);
  std::vector<PriceEntry> merged;
  for (auto& [key, rows] : groups) {
    // The first row by name, not the binding: clang 14 (the fuzz build) cannot capture a
    // structured binding in a lambda.
    const PriceEntry* first = rows.front();
    bool agree = std::all_of(rows.begin(), rows.end(), [first](const PriceEntry* e) {
      return e->amount.low == first->amount.low && e->amount.high == first->amount.high &&
             e->currency == first->currency && e->per == first->per;
    });
    if (!agree) {
      std::vector<std::string> stated;
      for (const auto* e : rows) stated.push_back(fmt::format("{} by {}", amount_text(*e), e->origin));
      SkipTally& tally = result.skips[SkipReason::Conflict];
      tally.count += rows.size();
      if (tally.examples.size() < kMaxSkipExamples) {
        tally.examples.push_back({SkipReason::Conflict,
                                  fmt::format("{} {} in {}", std::get<0>(key), std::get<2>(key), std::get<1>(key)),
                                  std::get<0>(key), fmt::format("{}", fmt::join(stated, "; "))});
      }
      continue;
    }
    // The same price stated by several rows (pages, zones, duplicate meters): the newest date.
    PriceEntry* newest = *std::max_element(rows.begin(), rows.end(), [](const PriceEntry* a, const PriceEntry* b) {
      return a->as_of == "undated" || (b->as_of != "undated" && a->as_of < b->as_of);
    });
    merged.push_back(std::move(*newest));
  }
  result.entries = std::move(merged);
}

}  // namespace

std::string unit_of(const PriceEntry& entry) {
  return entry.per_time.empty() ? entry.currency : entry.currency + "/" + entry.per_time;
}

std::string amount_text(const PriceEntry& entry) {
  std::string unit = unit_of(entry);
  if (entry.amount.low == entry.amount.high) return entry.amount.low + " " + unit;
  return fmt::format("{} {} .. {} {}", entry.amount.low, unit, entry.amount.high, unit);
}

std::string name_segment(std::string_view text) {
  std::string out;
  for (char c : text) {
    char lower = static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
    bool keep = (lower >= 'a' && lower <= 'z') || (lower >= '0' && lower <= '9');
    if (keep) out += lower;
    else if (!out.empty() && out.back() != '_') out += '_';
    if (out.size() >= kMaxSegment) break;
  }
  while (!out.empty() && out.back() == '_') out.pop_back();
  if (out.empty()) return "x";
  return out;
}

void finish_import(Format format, ImportResult& result, const ImportOptions& options) {
  if (format != Format::VendorCsv) merge_cloud_rows(result);
  for (auto& entry : result.entries) {
    std::string name = options.prefix + "." + entry.item;
    if (!entry.region.empty()) name += "." + name_segment(entry.region);
    if (format == Format::VendorCsv) {
      std::string hint = name_segment(entry.name_hint);
      name += "." + (hint == "x" ? std::string("quote") : hint);
    } else {
      name += "." + entry.kind;
    }
    entry.name = name;
  }
  // Deterministic: by name, then by what distinguishes two quote lines of one name.
  // Sorted by position, then moved once: sorting the entries themselves instantiates the
  // sort for a large struct, which test/install/deb.sh's package budget notices.
  std::vector<std::size_t> order(result.entries.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  const auto& entries = result.entries;
  std::sort(order.begin(), order.end(), [&entries](std::size_t i, std::size_t j) {
    const PriceEntry &a = entries[i], &b = entries[j];
    return std::tie(a.name, a.as_of, a.amount.low, a.origin) < std::tie(b.name, b.as_of, b.amount.low, b.origin);
  });
  std::vector<PriceEntry> sorted;
  sorted.reserve(order.size());
  for (std::size_t i : order) sorted.push_back(std::move(result.entries[i]));
  result.entries = std::move(sorted);
  std::map<std::string, int> seen;
  for (auto& entry : result.entries) {
    int n = ++seen[entry.name];
    if (n > 1) entry.name += "_" + std::to_string(n);
  }
}

std::string price_book_text(Format format, const ImportResult& result) {
  std::string text = fmt::format("# Prices imported by `gpuspec prices import {}` from:\n", format_name(format));
  for (const auto& line : result.described) text += "#   " + printable(line) + "\n";
  text += fmt::format(
      "# {} price{} for what the catalog knows; the import's report says why the other rows were skipped.\n"
      "# Import the next price list rather than edit this file (docs/cost.md, \"Importing prices\").\n",
      result.entries.size(), result.entries.size() == 1 ? "" : "s");
  // The team's own parts a price may name (--catalog): imported, so the book checks alone.
  for (const auto& path : result.imports) text += "import " + writers::gpuspec_string(path) + "\n";
  for (const auto& entry : result.entries) {
    text += fmt::format("\nprice {} {{\n", entry.name);
    text += fmt::format("  item = {}\n  kind = {}\n  amount = {}\n", entry.item, entry.kind, amount_text(entry));
    if (!entry.per.empty()) text += "  per = " + entry.per + "\n";
    if (!entry.region.empty()) text += "  region = " + writers::gpuspec_string(entry.region) + "\n";
    text += "  source = " + writers::gpuspec_string(entry.source) + "\n";
    if (!entry.source_url.empty()) text += "  source_url = " + writers::gpuspec_string(entry.source_url) + "\n";
    text += "  as_of = " + writers::gpuspec_string(entry.as_of) + "\n";
    if (!entry.verified) text += "  verified = false\n";
    if (!entry.notes.empty()) text += "  notes = " + writers::gpuspec_string(entry.notes) + "\n";
    text += "}\n";
  }
  // The canonical layout, so `gpuspec fmt --check` passes on a committed import.
  SourceManager sources;
  DiagnosticEngine diags;
  const SourceFile& file = sources.add("<imported prices>", text);
  auto formatted = format::format_source(file, diags);
  return formatted ? *formatted : text;
}

}  // namespace gpuspec::prices_import
