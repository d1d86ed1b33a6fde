#include "backends/prices_import/csv_reader.h"

namespace gpuspec::prices_import {

namespace {

bool at_line_end(std::string_view text, std::size_t i) {
  return i < text.size() && (text[i] == '\n' || (text[i] == '\r' && i + 1 < text.size() && text[i + 1] == '\n'));
}

std::size_t line_end_length(std::string_view text, std::size_t i) { return text[i] == '\r' ? 2 : 1; }

}  // namespace

CsvTable read_csv(std::string_view text) {
  CsvTable table;
  std::size_t i = text.starts_with("\xEF\xBB\xBF") ? 3 : 0;
  auto fail = [&](std::size_t offset, std::string message) {
    table.error = CsvError{static_cast<std::uint32_t>(offset), 1, std::move(message)};
    return table;
  };
  while (i < text.size()) {
    if (at_line_end(text, i)) {  // a blank line
      i += line_end_length(text, i);
      continue;
    }
    CsvRecord record;
    record.offset = static_cast<std::uint32_t>(i);
    while (true) {
      CsvField field;
      field.offset = static_cast<std::uint32_t>(i);
      if (i < text.size() && text[i] == '"') {
        std::size_t opened = i++;
        while (true) {
          if (i >= text.size()) return fail(opened, "unterminated quoted field: a '\"' opens it and none closes it");
          if (text[i] == '"') {
            if (i + 1 < text.size() && text[i + 1] == '"') {
              field.text += '"';
              i += 2;
              continue;
            }
            ++i;
            break;
          }
          field.text += text[i++];
        }
        if (i < text.size() && text[i] != ',' && !at_line_end(text, i)) {
          return fail(i, "text after the closing quote of a field (a quote inside a quoted field is written \"\")");
        }
      } else {
        while (i < text.size() && text[i] != ',' && !at_line_end(text, i)) {
          if (text[i] == '"') return fail(i, "a '\"' inside an unquoted field (quote the field and write \"\")");
          if (text[i] == '\r') return fail(i, "a carriage return not followed by a line feed");
          field.text += text[i++];
        }
      }
      record.fields.push_back(std::move(field));
      if (i < text.size() && text[i] == ',') {
        ++i;
        continue;
      }
      if (i < text.size()) i += line_end_length(text, i);
      break;
    }
    if (!table.records.empty() && record.fields.size() != table.records.front().fields.size()) {
      table.error = CsvError{record.offset, 1,
                             "this record has " + std::to_string(record.fields.size()) + " fields; the header has " +
                                 std::to_string(table.records.front().fields.size())};
      return table;
    }
    table.records.push_back(std::move(record));
  }
  return table;
}

}  // namespace gpuspec::prices_import
