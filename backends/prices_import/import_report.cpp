#include "backends/prices_import/import_report.h"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "backends/prices_import/price_book.h"
#include "source/printable.h"

namespace gpuspec::prices_import {

namespace {

// How many examples of one reason the text report shows; the JSON report has them all.
constexpr std::size_t kTextExamples = 5;

std::size_t skipped_rows(const ImportResult& result) {
  std::size_t n = 0;
  for (const auto& [reason, tally] : result.skips) n += tally.count;
  return n;
}

}  // namespace

std::string report_text(Format format, const ImportResult& result, const std::optional<std::string>& output) {
  std::string out = result.entries.empty()
                        ? fmt::format("imported no price ({})\n", format_name(format))
                        : fmt::format("imported {} price{} ({}) into {}\n", result.entries.size(),
                                      result.entries.size() == 1 ? "" : "s", format_name(format),
                                      output ? "'" + printable(*output) + "'" : std::string("standard output"));
  for (const auto& entry : result.entries) {
    out += fmt::format("  {}  {} {}{}  {}  as of {}\n", printable(entry.name), printable(entry.item), entry.kind,
                       entry.region.empty() ? "" : " in " + printable(entry.region), amount_text(entry), entry.as_of);
  }
  std::size_t skipped = skipped_rows(result);
  if (skipped) out += fmt::format("skipped {} of {} rows:\n", skipped, result.rows);
  for (const auto& [reason, tally] : result.skips) {
    out += fmt::format("  {} [{}]: {}\n", skip_phrase(reason), skip_code(reason), tally.count);
    for (std::size_t i = 0; i < tally.examples.size() && i < kTextExamples; ++i) {
      const Skip& s = tally.examples[i];
      out += "    " + printable(s.subject);
      if (!s.item.empty()) out += " -> " + printable(s.item);
      if (!s.detail.empty()) out += ": " + printable(s.detail);
      out += "\n";
    }
    if (tally.count > std::min(tally.examples.size(), kTextExamples)) {
      out += fmt::format("    and {} more\n", tally.count - std::min(tally.examples.size(), kTextExamples));
    }
  }
  for (const auto& note : result.notes) out += "note: " + printable(note) + "\n";
  return out;
}

std::string report_json(Format format, const ImportResult& result, const std::optional<std::string>& output) {
  nlohmann::ordered_json json;
  json["version"] = 1;
  json["format"] = format_name(format);
  json["files"] = result.described;
  json["output"] = output ? nlohmann::ordered_json(*output) : nlohmann::ordered_json(nullptr);
  json["rows"] = result.rows;
  json["imported"] = nlohmann::ordered_json::array();
  for (const auto& entry : result.entries) {
    nlohmann::ordered_json e;
    e["name"] = entry.name;
    e["item"] = entry.item;
    e["kind"] = entry.kind;
    e["region"] = entry.region;
    e["amount"] = {{"low", entry.amount.low}, {"high", entry.amount.high}, {"unit", unit_of(entry)}};
    if (!entry.per.empty()) e["per"] = entry.per;
    e["as_of"] = entry.as_of;
    e["verified"] = entry.verified;
    e["source"] = entry.source;
    json["imported"].push_back(std::move(e));
  }
  json["skipped"] = nlohmann::ordered_json::array();
  for (const auto& [reason, tally] : result.skips) {
    nlohmann::ordered_json s;
    s["code"] = skip_code(reason);
    s["reason"] = skip_phrase(reason);
    s["count"] = tally.count;
    s["examples"] = nlohmann::ordered_json::array();
    for (const auto& example : tally.examples) {
      s["examples"].push_back({{"subject", example.subject}, {"item", example.item}, {"detail", example.detail}});
    }
    json["skipped"].push_back(std::move(s));
  }
  json["notes"] = result.notes;
  // Bytes from a hostile input that are not UTF-8 are replaced, never a throw.
  return json.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
}

}  // namespace gpuspec::prices_import
