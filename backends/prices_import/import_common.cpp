#include "backends/prices_import/import_common.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>

#include "sema/value_check.h"
#include "source/file_reader.h"
#include "source/printable.h"

namespace gpuspec::prices_import {

const SourceFile* load_input(const std::string& path, ImportContext& context) {
  std::string limit_error;
  std::uint64_t limit = max_file_size(&limit_error);
  if (!limit_error.empty()) {
    report_file_error(context, "import-read", limit_error);
    return nullptr;
  }
  std::string error;
  auto text = read_regular_file(path, limit, error);
  if (!text) {
    report_file_error(context, "import-read", fmt::format("cannot read '{}': {}", printable(path), error));
    return nullptr;
  }
  return &context.sources.add(path, std::move(*text));
}

void report_error(ImportContext& context, const SourceFile& file, std::uint32_t offset, std::uint32_t length,
                  std::string id, std::string message) {
  std::uint32_t size = static_cast<std::uint32_t>(file.text().size());
  offset = std::min(offset, size);
  context.diags.error(std::move(id), SourceRange{file.id(), offset, std::min(offset + length, size)}, std::move(message));
}

void report_json_error(ImportContext& context, const SourceFile& file, const JsonPathHandler& handler) {
  if (!handler.syntax_error().empty()) {
    // nlohmann counts the byte it stopped at; the caret goes on that byte. Its message
    // starts "parse error at line L, column C: ", which the diagnostic's own position says.
    std::string message = handler.syntax_error();
    if (auto colon = message.find(": "); message.starts_with("parse error at line") && colon != std::string::npos) {
      message = message.substr(colon + 2);
    }
    auto at = static_cast<std::uint32_t>(handler.error_position() ? handler.error_position() - 1 : 0);
    report_error(context, file, at, 1, "import-json", "not valid JSON: " + message);
    return;
  }
  auto at = static_cast<std::uint32_t>(handler.stop_position() ? handler.stop_position() - 1 : 0);
  report_error(context, file, at, 1, "import-format", handler.stopped().empty() ? "not valid JSON" : handler.stopped());
}

void report_file_error(ImportContext& context, std::string id, std::string message) {
  context.diags.error(std::move(id), SourceRange{}, std::move(message));
}

void skip(ImportContext& context, SkipReason reason, std::string subject, std::string item, std::string detail) {
  SkipTally& tally = context.result.skips[reason];
  ++tally.count;
  if (tally.examples.size() < kMaxSkipExamples) {
    tally.examples.push_back({reason, std::move(subject), std::move(item), std::move(detail)});
  }
}

std::optional<std::string> calendar_date(std::string_view text) {
  if (text.size() < 10) return std::nullopt;
  std::string day(text.substr(0, 10));
  if (!sema::is_calendar_date(day)) return std::nullopt;
  if (text.size() > 10 && text[10] != 'T' && text[10] != ' ') return std::nullopt;
  return day;
}

std::optional<SkipReason> region_problem(const CatalogItem& item, const std::string& region, const ImportOptions& options) {
  if (options.region && region != *options.region) return SkipReason::OtherRegion;
  if (!item.regions.empty() && std::find(item.regions.begin(), item.regions.end(), region) == item.regions.end()) {
    return SkipReason::RegionNotListed;
  }
  return std::nullopt;
}

std::optional<std::string> book_currency(std::string_view code) {
  std::string upper;
  for (char c : code) upper += static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  if (upper == "USD" || upper == "CNY") return upper;
  return std::nullopt;
}

void set_undated(PriceEntry& entry, const ImportOptions& options, std::string_view what_states_no_date) {
  if (options.as_of) {
    entry.as_of = *options.as_of;
    entry.verified = false;
    add_note(entry, fmt::format("{} states no date: as_of is the date the user stated with --as-of.", what_states_no_date));
    return;
  }
  entry.as_of = sema::kUndated;
  entry.verified = false;
  add_note(entry, fmt::format("{} states no date.", what_states_no_date));
}

void add_note(PriceEntry& entry, std::string_view sentence) {
  if (!entry.notes.empty()) entry.notes += ' ';
  entry.notes += sentence;
}

}  // namespace gpuspec::prices_import
