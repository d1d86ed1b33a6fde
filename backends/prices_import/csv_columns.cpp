#include "backends/prices_import/csv_columns.h"

#include <cctype>

#include "backends/prices_import/import_common.h"

namespace gpuspec::prices_import {

namespace {

std::string header_key(std::string_view text) {
  std::string out;
  for (char c : text) {
    if (c == ' ' || c == '-' || c == '_' || c == '\t') {
      if (!out.empty() && out.back() != '_') out += '_';
      continue;
    }
    out += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  }
  while (!out.empty() && out.back() == '_') out.pop_back();
  return out;
}

}  // namespace

CsvLayout find_columns(const CsvRecord& header, const std::vector<CsvColumn>& columns) {
  CsvLayout layout;
  layout.index.resize(columns.size());
  for (std::size_t f = 0; f < header.fields.size(); ++f) {
    std::string key = header_key(header.fields[f].text);
    for (std::size_t c = 0; c < columns.size(); ++c) {
      bool named = false;
      for (auto alias : columns[c].aliases) named = named || header_key(alias) == key;
      if (!named) continue;
      if (layout.index[c]) {
        layout.error = "two columns give the " + std::string(columns[c].name) + ": '" +
                       header.fields[*layout.index[c]].text + "' and '" + header.fields[f].text + "'";
        layout.error_offset = header.fields[f].offset;
        return layout;
      }
      layout.index[c] = f;
    }
  }
  for (std::size_t c = 0; c < columns.size(); ++c) {
    if (columns[c].required && !layout.index[c]) {
      std::string names;
      for (auto alias : columns[c].aliases) names += (names.empty() ? "'" : ", '") + std::string(alias) + "'";
      layout.error = "no " + std::string(columns[c].name) + " column: the header needs one of " + names;
      layout.error_offset = header.offset;
      return layout;
    }
  }
  return layout;
}

const std::string& column_text(const CsvRecord& record, const CsvLayout& layout, std::size_t which) {
  static const std::string empty;
  const auto& index = layout.index[which];
  return index && *index < record.fields.size() ? record.fields[*index].text : empty;
}

std::string CsvInput::line_of(const CsvRecord& record) const {
  return "line " + std::to_string(file->line_column(record.offset).line);
}

std::optional<CsvInput> read_csv_input(const std::string& path, const std::vector<CsvColumn>& columns,
                                       ImportContext& context) {
  CsvInput input;
  input.file = load_input(path, context);
  if (!input.file) return std::nullopt;
  input.table = read_csv(input.file->text());
  if (input.table.error) {
    report_error(context, *input.file, input.table.error->offset, input.table.error->length, "import-csv",
                 "not RFC 4180 CSV: " + input.table.error->message);
    return std::nullopt;
  }
  if (input.table.records.empty()) {
    report_error(context, *input.file, 0, 0, "import-csv", "the file is empty: a CSV import needs a header line");
    return std::nullopt;
  }
  input.layout = find_columns(input.table.records.front(), columns);
  if (!input.layout.error.empty()) {
    report_error(context, *input.file, input.layout.error_offset, 1, "import-csv", input.layout.error);
    return std::nullopt;
  }
  return input;
}

}  // namespace gpuspec::prices_import
